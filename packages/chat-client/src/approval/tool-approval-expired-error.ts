import { SproutError } from '@sprout-ai/core';

/** The paused turn's approval window has passed; the decisions are refused and nothing was changed. */
export class ToolApprovalExpiredError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.ToolApprovalExpiredError');

  readonly conversationId: string;
  /** When the window closed (ISO 8601). */
  readonly expiresAt: string;

  /** @param options - the conversation and the instant the approval expired */
  constructor(options: { conversationId: string; expiresAt: string; cause?: unknown }) {
    super(
      `The approval of the turn paused in conversation ${JSON.stringify(options.conversationId)} expired at ` +
        `${options.expiresAt}; the decisions were refused and nothing was changed. Ask again with a new prompt ` +
        '(or raise sprout.tools.approval.time-to-live).',
      { cause: options.cause },
    );
    this.conversationId = options.conversationId;
    this.expiresAt = options.expiresAt;
  }
}
