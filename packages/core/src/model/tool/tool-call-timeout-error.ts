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
  readonly toolName: string;
  /** The timeout that expired, in milliseconds. */
  readonly timeoutMs: number;

  /** @param options - the tool and its timeout */
  constructor(options: { toolName: string; timeoutMs: number }) {
    super(
      `Tool '${options.toolName}' did not finish within ${options.timeoutMs} ms and was cancelled. ` +
        'Try again, or answer without this result.',
    );
    this.toolName = options.toolName;
    this.timeoutMs = options.timeoutMs;
  }
}
