import type { AssistantMessage, Message, PendingToolCall, ToolResponse } from '@sprout-ai/core';

/**
 * A tool-calling turn paused before calls that need approval: everything needed to run it on,
 * in any process that shares the store. Stored (signed) by `ToolApprovalStore`.
 */
export interface PausedTurn {
  readonly conversationId: string;
  /** Random id of this pause. */
  readonly turnId: string;
  /** ISO 8601, UTC. */
  readonly createdAt: string;
  /** ISO 8601, UTC: decisions after this instant are refused. */
  readonly expiresAt: string;
  /** The turn as the tool manager saw it before the paused round: system, memory, user, earlier rounds. */
  readonly history: readonly Message[];
  /** The paused round's assistant message (prepared ids and arguments). */
  readonly assistant: AssistantMessage;
  /** Responses of the round's calls that already ran. */
  readonly answered: readonly ToolResponse[];
  /** The calls that wait, in the model's order. */
  readonly pending: readonly PendingToolCall[];
}

/** What the loop hands the store when a round pauses. */
export type PausedTurnDraft = Pick<PausedTurn, 'history' | 'assistant' | 'answered' | 'pending'>;
