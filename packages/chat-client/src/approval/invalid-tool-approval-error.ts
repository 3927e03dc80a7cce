import { SproutError } from '@sprout-ai/core';

/**
 * Why decisions or a stored paused turn were refused:
 * - `tampered` — the stored state does not carry a valid signature (changed, or signed with another secret);
 * - `mismatched` — a decision's token does not belong to a pending call of this paused turn
 *   (another conversation, call, tool, arguments or pause);
 * - `incomplete` — a pending call has no decision, or one has two;
 * - `unknown-tool` — the resuming request does not offer an approved call's tool.
 */
export type InvalidToolApprovalProblem = 'tampered' | 'mismatched' | 'incomplete' | 'unknown-tool';

/** Decisions (or the paused turn they answer) that cannot be trusted or applied; nothing was changed. */
export class InvalidToolApprovalError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.InvalidToolApprovalError');

  readonly conversationId: string;
  readonly problem: InvalidToolApprovalProblem;
  /** The call concerned, when one is. */
  readonly toolCallId: string | undefined;

  /** @param options - conversation, problem, call and the message */
  constructor(options: {
    conversationId: string;
    problem: InvalidToolApprovalProblem;
    toolCallId?: string;
    message: string;
    cause?: unknown;
  }) {
    super(`${options.message} Nothing was changed.`, { cause: options.cause });
    this.conversationId = options.conversationId;
    this.problem = options.problem;
    this.toolCallId = options.toolCallId;
  }
}
