/**
 * What the model sees of a tool: its name, a description and a JSON Schema of its arguments.
 *
 * `inputSchema` is JSON text, e.g.
 * `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"orderId":{"type":"string"}},"required":["orderId"],"additionalProperties":false}`.
 *
 * @see Spring AI `ToolDefinition`
 */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: string;
}
