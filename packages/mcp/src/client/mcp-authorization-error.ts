import { redactCredentials } from '@sprout-ai/core/internal';
import { McpConnectionError } from './mcp-connection-error';

/** Options of {@link McpAuthorizationError}. */
export interface McpAuthorizationErrorOptions {
  readonly connectionName: string;
  /** The server's URL. */
  readonly target: string;
  /** What failed, e.g. `HTTP 401 after authorization` or the authorization server's error. */
  readonly reason: string;
  readonly cause?: unknown;
}

/**
 * An MCP server refused the client's authorization: a `401`/`403` the client could not resolve,
 * an OAuth error from the authorization server, or an `authorization_code` flow without a handler.
 * The message says it is an authorization failure and which settings to check. It is an
 * `McpConnectionError` too, so code that handles connection failures handles it.
 */
export class McpAuthorizationError extends McpConnectionError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.McpAuthorizationError');

  /** @param options - connection, target, reason and cause */
  constructor(options: McpAuthorizationErrorOptions) {
    const name = options.connectionName;
    super(
      { connectionName: name, target: options.target, cause: options.cause },
      `MCP server '${name}' (${redactCredentials(options.target)}) refused authorization: ` +
        `${redactCredentials(options.reason)}. Check the connection's OAuth settings ` +
        `(sprout.mcp.client.streamable-http.connections.${name}.oauth.*) or its Authorization header ` +
        `(spring.ai.mcp.client.streamable-http.connections.${name}.headers.Authorization).`,
    );
  }
}
