/** How deep nested object parameters are read. */
const MAX_DEPTH = 4;

/**
 * The parameter names and descriptions of a tool's JSON Schema, as one text for a search index
 * (`{"properties":{"orderId":{"description":"The order number"}}}` → `"orderId The order number"`).
 * Nested objects and array items are read a few levels deep; text that is not a JSON object gives `''`.
 *
 * @param inputSchema - the tool's input schema as JSON text
 */
export function parameterText(inputSchema: string): string {
  let schema: unknown;
  try {
    schema = JSON.parse(inputSchema);
  } catch {
    return '';
  }
  const parts: string[] = [];
  collect(schema, 0, parts);
  return parts.join(' ');
}

function collect(schema: unknown, depth: number, parts: string[]): void {
  if (depth > MAX_DEPTH || typeof schema !== 'object' || schema === null) return;
  const node = schema as Record<string, unknown>;
  if (depth > 0 && typeof node.description === 'string') parts.push(node.description);
  if (typeof node.properties === 'object' && node.properties !== null) {
    for (const [name, property] of Object.entries(node.properties as Record<string, unknown>)) {
      parts.push(name);
      collect(property, depth + 1, parts);
    }
  }
  collect(node.items, depth + 1, parts);
}
