import { SproutError } from '@sprout-ai/core';

/**
 * An error whose message is meant for the MCP client. Throw it from an `@McpTool` method and the
 * client gets `isError: true` with this message; any other exception reaches the client only as a
 * generic message (the details are logged on the server).
 *
 * @example `throw new McpToolError('Order A999 does not exist.')`
 */
export class McpToolError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.McpToolError');

  /**
   * @param message - what the caller reads
   * @param options - an optional cause (logged, never sent)
   */
  // eslint-disable-next-line @typescript-eslint/no-useless-constructor -- it carries the TSDoc above
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
