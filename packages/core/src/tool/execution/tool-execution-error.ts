import { SproutError } from '../../error/sprout-error';
import type { ToolDefinition } from '../definition/tool-definition';

/**
 * A tool failed. The `ToolExecutionExceptionProcessor` decides whether the model is told (the
 * default) or the error is rethrown. The message is the cause's message.
 *
 * @see Spring AI `ToolExecutionException`
 */
export class ToolExecutionError extends SproutError {
  readonly toolDefinition: ToolDefinition;
  constructor(options: { toolDefinition: ToolDefinition; cause: unknown; message?: string }) {
    super(options.message ?? messageOf(options.cause), { cause: options.cause });
    this.toolDefinition = options.toolDefinition;
  }
}

function messageOf(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  if (typeof cause === 'string') return cause;
  return '';
}
