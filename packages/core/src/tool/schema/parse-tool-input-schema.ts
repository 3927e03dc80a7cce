import type { ToolDefinition } from '../definition/tool-definition';
import { InvalidToolSchemaError } from './invalid-tool-schema-error';

/**
 * A tool's input schema text parsed, as a provider sends it.
 *
 * @param definition - the tool's definition
 * @returns the schema as an object
 * @throws InvalidToolSchemaError when the text is not JSON, or not a JSON object
 */
export function parseToolInputSchema(definition: ToolDefinition): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(definition.inputSchema);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw invalidToolInputSchema(definition, `is not valid JSON (${detail})`, error);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidToolInputSchema(definition, 'is not a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/**
 * The error for a tool's input schema a provider cannot send.
 *
 * @param definition - the tool's definition
 * @param problem - what is wrong, completing "The inputSchema of tool 'x' …", e.g. `is not a JSON object`
 * @param cause - the underlying error, if any
 */
export function invalidToolInputSchema(
  definition: ToolDefinition,
  problem: string,
  cause?: unknown,
): InvalidToolSchemaError {
  return new InvalidToolSchemaError(
    `The inputSchema of tool '${definition.name}' ${problem}. ` +
      'It must be JSON Schema object text, e.g. {"type":"object","properties":{}}; regenerate the tool schemas.',
    { toolName: definition.name, cause },
  );
}
