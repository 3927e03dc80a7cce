import { SproutError } from '@sprout-ai/core';

/** Options of {@link McpToolCallError}. */
export interface McpToolCallErrorOptions {
  readonly connectionName: string;
  /** The tool name on the MCP server. */
  readonly toolName: string;
  /** What went wrong, e.g. `timed out after 20000 ms`. */
  readonly reason: string;
  readonly cause?: unknown;
}

/**
 * An MCP `tools/call` did not produce a result: a protocol error, a timeout, or the server went
 * away. It is the `cause` of the `ToolExecutionError` an {@link McpToolCallback} throws, so the
 * model is told and the tool loop goes on.
 *
 * @remarks Spring rethrows MCP protocol errors (`McpError`) and aborts the request; here one
 * failing server does not end the conversation.
 */
export class McpToolCallError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.McpToolCallError');

  readonly connectionName: string;
  readonly toolName: string;

  /** @param options - connection, tool, reason and cause */
  constructor(options: McpToolCallErrorOptions) {
    super(`MCP tool '${options.toolName}' on connection '${options.connectionName}' failed: ${options.reason}.`, {
      cause: options.cause,
    });
    this.connectionName = options.connectionName;
    this.toolName = options.toolName;
  }
}
