import { MCP_METADATA_KEYS } from './mcp-metadata-keys';
import { recordMcpMethod } from './record-mcp-method';

/** Options of {@link McpComplete}: exactly one of `prompt` and `uri`. */
export type McpCompleteOptions =
  | { /** The prompt whose arguments it completes. */ readonly prompt: string; readonly uri?: never }
  | { /** The resource template whose variables it completes. */ readonly uri: string; readonly prompt?: never };

/** What `@McpComplete` records for one method. */
export type McpCompleteMethodOptions = McpCompleteOptions & { readonly methodName: string };

/** The argument being completed, and the other arguments the client already has. */
export interface McpCompleteRequest {
  /** Name of the prompt argument or template variable. */
  readonly name: string;
  /** What the user typed so far. */
  readonly value: string;
  /** Values of the other arguments, when the client sends them. */
  readonly arguments: Readonly<Record<string, string>>;
}

/**
 * Completes the arguments of a prompt or the variables of a resource template
 * (`completion/complete`). The method takes an {@link McpCompleteRequest} and returns the
 * suggestions (`string[]`, at most 100 are sent).
 *
 * @example
 * ```ts
 * @McpComplete({ prompt: 'summarize' })
 * orderIds(request: McpCompleteRequest): string[] { return this.ids.filter((id) => id.startsWith(request.value)); }
 * ```
 * @see Spring AI `@McpComplete` (spring-ai-mcp-annotations)
 */
export function McpComplete(options: McpCompleteOptions): MethodDecorator {
  return (target, propertyKey, descriptor) =>
    recordMcpMethod('@McpComplete', MCP_METADATA_KEYS.mcpCompleteMethods, target, propertyKey, descriptor, options);
}
