/** A JSON Schema as far as {@link sampleArguments} reads it. */
interface SchemaNode {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly items?: SchemaNode;
}

/**
 * Arguments a model could send for a tool: each required property gets its default, its first enum
 * value, or a plain value of its type (`1`, `'sample'`, `true`, `[]`, a nested object).
 *
 * @param inputSchema - the tool's input schema as the model sees it (JSON text)
 * @returns the arguments as JSON text, e.g. `{"a":1,"b":1}`
 */
export function sampleArguments(inputSchema: string): string {
  return JSON.stringify(sampleOf(JSON.parse(inputSchema) as SchemaNode));
}

function sampleOf(node: SchemaNode): unknown {
  if (node.default !== undefined) return node.default;
  if (node.enum !== undefined && node.enum.length > 0) return node.enum[0];
  const type = Array.isArray(node.type) ? (node.type as readonly string[])[0] : node.type;
  switch (type) {
    case 'number':
    case 'integer':
      return 1;
    case 'string':
      return 'sample';
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'null':
      return null;
    default: {
      const result: Record<string, unknown> = {};
      for (const name of node.required ?? []) result[name] = sampleOf(node.properties?.[name] ?? {});
      return result;
    }
  }
}
