import { SproutError } from '@sprout-ai/core';

/** Options of {@link McpConnectionError}. */
export interface McpConnectionErrorOptions {
  readonly connectionName: string;
  /** What the connection points at, e.g. `node server.js stdio` or `http://127.0.0.1:3001/mcp`. */
  readonly target: string;
  readonly cause: unknown;
}

/**
 * An MCP server could not be reached or did not complete the `initialize` handshake (at start-up,
 * or when listing its tools).
 */
export class McpConnectionError extends SproutError {
  readonly connectionName: string;
  readonly target: string;

  /** @param options - connection name, target and cause */
  constructor(options: McpConnectionErrorOptions) {
    const detail = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(
      `Cannot connect to MCP server '${options.connectionName}' (${options.target}): ${detail}. ` +
        'Check the connection settings (spring.ai.mcp.client.stdio.connections.<name>.command/args or ' +
        'spring.ai.mcp.client.streamable-http.connections.<name>.url) and that the server starts on its own.',
      { cause: options.cause },
    );
    this.connectionName = options.connectionName;
    this.target = options.target;
  }
}
