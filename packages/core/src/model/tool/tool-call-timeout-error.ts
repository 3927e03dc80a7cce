import { SproutError } from '../../error/sprout-error';

/**
 * A tool call took longer than its timeout (`@Tool({ timeoutMs })` or
 * `spring.ai.tools.execution.timeout`). Its `toolContext.signal` was aborted with this error, and
 * the model reads a timeout error for that call alone (this is the cause of the
 * `ToolExecutionError` the exception processor gets).
 *
 * @remarks Not in Spring AI, which has no tool timeout.
 */
export class ToolCallTimeoutError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.ToolCallTimeoutError');

  readonly toolName: string;
  /** The timeout that expired, in milliseconds. */
  readonly timeoutMs: number;

  /** @param options - the tool, its timeout and an optional cause */
  constructor(options: { toolName: string; timeoutMs: number; cause?: unknown }) {
    super(
      `Tool '${options.toolName}' did not finish within ${options.timeoutMs} ms and was cancelled. ` +
        'Try again, or answer without this result.',
      { cause: options.cause },
    );
    this.toolName = options.toolName;
    this.timeoutMs = options.timeoutMs;
  }
}
