import { SproutError } from '@sprout-ai/core';
import { redactCredentials } from '@sprout-ai/core/internal';

/** Options of {@link McpConnectionError}. */
export interface McpConnectionErrorOptions {
  readonly connectionName: string;
  /** What the connection points at, e.g. `node server.js stdio` or `http://127.0.0.1:3001/mcp`. */
  readonly target: string;
  readonly cause: unknown;
  /**
   * Set when the server did not complete `initialize` in time: the time it had, in milliseconds.
   * The message then names the setting that gives it more.
   */
  readonly initializationTimeoutMs?: number;
}

/** The key of `@sprout-ai/boot` that sets {@link McpConnectionErrorOptions.initializationTimeoutMs}. */
const INITIALIZATION_TIMEOUT_KEY = 'sprout.mcp.client.initialization-timeout';

/**
 * An MCP server could not be reached or did not complete the `initialize` handshake (at start-up,
 * or when listing its tools). When `initialize` timed out, `initializationTimeoutMs` is set and the
 * message names `sprout.mcp.client.initialization-timeout` (a server started with `npx -y` may still
 * be downloading on its first run).
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
  /** The time `initialize` had when it timed out, in milliseconds; `undefined` for other failures. */
  readonly initializationTimeoutMs: number | undefined;

  /**
   * @param options - connection name, target and cause
   * @param message - replaces the composed message (for subclasses)
   */
  constructor(options: McpConnectionErrorOptions, message?: string) {
    const target = redactCredentials(options.target);
    const detail = options.cause instanceof Error ? options.cause.message : String(options.cause);
    const timeoutMs = options.initializationTimeoutMs;
    super(
      message ??
        `Cannot connect to MCP server '${options.connectionName}' (${target}): ` +
          (timeoutMs === undefined
            ? `${redactCredentials(detail)}. Check the connection settings (spring.ai.mcp.client.stdio.connections.` +
              '<name>.command/args or spring.ai.mcp.client.streamable-http.connections.<name>.url) and that the ' +
              'server starts on its own.'
            : `it did not complete initialize within ${showDuration(timeoutMs)}. Starting a server can take longer ` +
              `the first time (npx -y downloads it): raise ${INITIALIZATION_TIMEOUT_KEY} (connectTimeoutMs of ` +
              'McpClientConnection), or install the server beforehand.'),
      { cause: options.cause },
    );
    this.connectionName = options.connectionName;
    this.target = target;
    this.initializationTimeoutMs = timeoutMs;
  }
}

/** `60s`, `1500ms`: as the duration would be written in a properties file. */
function showDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}
