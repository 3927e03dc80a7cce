import { SproutError } from '@sprout-ai/core';
import { redactCredentials } from '@sprout-ai/core/internal';

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
 *
 * The message and `target` show URL passwords masked (`https://user:***@host/mcp`, see
 * `redactCredentials`): applications print this message, and a configured URL or command line can
 * carry a password.
 */
export class McpConnectionError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.McpConnectionError');

  readonly connectionName: string;
  /** The target of the options, its URL passwords masked. */
  readonly target: string;

  /** @param options - connection name, target and cause */
  constructor(options: McpConnectionErrorOptions) {
    const target = redactCredentials(options.target);
    const detail = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(
      `Cannot connect to MCP server '${options.connectionName}' (${target}): ${redactCredentials(detail)}. ` +
        'Check the connection settings (spring.ai.mcp.client.stdio.connections.<name>.command/args or ' +
        'spring.ai.mcp.client.streamable-http.connections.<name>.url) and that the server starts on its own.',
      { cause: options.cause },
    );
    this.connectionName = options.connectionName;
    this.target = target;
  }
}
