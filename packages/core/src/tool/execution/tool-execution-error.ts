import { randomUUID } from 'node:crypto';
import { SproutError } from '../../error/sprout-error';
import type { ToolDefinition } from '../definition/tool-definition';

/** Options of {@link ToolExecutionError}. */
export interface ToolExecutionErrorOptions {
  /** The tool that failed. */
  readonly toolDefinition: ToolDefinition;
  /** What the tool threw (any value). */
  readonly cause: unknown;
  /** @defaultValue the cause's message (an `Error`'s `message`, a thrown string, else `''`) */
  readonly message?: string;
  /**
   * Names this failure in logs and in what the model reads, e.g. an id an upstream system already
   * gave it. @defaultValue 8 random hex digits, e.g. `3f2b9c1e`
   */
  readonly errorId?: string;
}

/**
 * A tool failed. The `ToolExecutionExceptionProcessor` decides whether the model is told (the
 * default) or the error is rethrown. The message is the cause's message.
 *
 * @remarks Spring's `ToolExecutionException` has no id; `errorId` lets a log line, a
 * `generic` error message the model reads and a user's report name the same failure.
 * @see Spring AI `ToolExecutionException`
 */
export class ToolExecutionError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.ToolExecutionError');

  /** The tool that failed. */
  readonly toolDefinition: ToolDefinition;
  /** Short id of this failure, e.g. `3f2b9c1e`: fixed at construction, logged with the failure. */
  readonly errorId: string;

  /**
   * @param options - the tool, the cause, and optionally the message and the error id
   */
  constructor(options: ToolExecutionErrorOptions) {
    super(options.message ?? messageOf(options.cause), { cause: options.cause });
    this.toolDefinition = options.toolDefinition;
    this.errorId = options.errorId ?? randomUUID().slice(0, 8);
  }
}

function messageOf(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  if (typeof cause === 'string') return cause;
  return '';
}
