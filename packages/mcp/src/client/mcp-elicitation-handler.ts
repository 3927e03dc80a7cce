import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';

/** An MCP server's `elicitation/create` request, as an {@link McpElicitationHandler} gets it. */
export interface McpElicitationRequest {
  /** The connection the request came from, e.g. `github`. */
  readonly connectionName: string;
  /** What the server asks: `message` and the `requestedSchema` of a flat form (form mode). */
  readonly params: ElicitRequestFormParams;
  /** Aborts when the server cancels the request or the session ends. */
  readonly signal: AbortSignal;
}

/**
 * Answers a server's request for user input (`elicitation/create`, form mode): ask the user and
 * return `{ action: 'accept', content }`, `{ action: 'decline' }` or `{ action: 'cancel' }`. On
 * `accept`, fields the answer leaves out get the schema's `default` values.
 *
 * A client declares the `elicitation` capability only when a handler is set
 * (`McpTokens.McpElicitationHandler` in `@sprout-ai/boot`).
 *
 * @example
 * ```ts
 * const askUser: McpElicitationHandler = async ({ params }) =>
 *   (await confirm(params.message)) ? { action: 'accept', content: {} } : { action: 'decline' };
 * ```
 * @see Spring AI `@McpElicitation`, MCP Java SDK `McpClient.elicitation(...)`
 * @remarks URL-mode elicitation is not declared, so servers only send form requests.
 */
export type McpElicitationHandler = (request: McpElicitationRequest) => Promise<ElicitResult>;
