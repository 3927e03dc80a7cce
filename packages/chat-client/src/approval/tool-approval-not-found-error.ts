import { SproutError } from '@sprout-ai/core';

/**
 * No paused turn waits in the conversation: it was never paused, was already resumed (a replayed
 * decision), or its store entry expired. Nothing was changed.
 */
export class ToolApprovalNotFoundError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.ToolApprovalNotFoundError');

  readonly conversationId: string;

  /** @param options - the conversation and, when it differs from the usual one, the message */
  constructor(options: { conversationId: string; message?: string; cause?: unknown }) {
    super(
      options.message ??
        `No turn waits for approval in conversation ${JSON.stringify(options.conversationId)}: it was already ` +
          'resumed (decisions are used once), never paused, or its stored state expired. Nothing was changed.',
      { cause: options.cause },
    );
    this.conversationId = options.conversationId;
  }
}
