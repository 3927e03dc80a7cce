/**
 * A tool call that waits for a person's approval: it has not run, and the turn stops before the
 * model is called again.
 */
export interface PendingToolCall {
  /** The call's id, as in the assistant message of the history. */
  readonly id: string;
  readonly toolName: string;
  /** The prepared arguments as JSON text, e.g. `{"orderId":"A123"}`. */
  readonly arguments: string;
  /** Why it needs approval (the rule or policy that asked for it). */
  readonly reason: string;
}

/** A pending call as a response lists it, with the token a decision about it must carry. */
export interface PendingApprovalCall extends PendingToolCall {
  /**
   * Binds a decision to this call: an HMAC over conversation id, paused turn, call id, tool name,
   * arguments hash and expiry. Opaque; copy it into the decision.
   */
  readonly token: string;
}

/**
 * A turn paused before tool calls that need approval: what `response.chatResponse.metadata.pendingApproval`
 * holds (call and stream). Resume it with `chatClient.prompt().resume(conversationId, decisions)`.
 *
 * @example `{ conversationId: 'c1', turnId: '…', expiresAt: '2026-12-02T10:00:00.000Z', calls: [{ id: 'call_1', toolName: 'cancelOrder', arguments: '{"orderId":"A123"}', reason: "cancelOrder is marked approval: 'required'", token: '…' }] }`
 */
export interface PendingApproval {
  readonly conversationId: string;
  /** Random id of this pause; a resume consumes it. */
  readonly turnId: string;
  /** After this instant (ISO 8601, UTC) the decisions are refused as stale. */
  readonly expiresAt: string;
  /** Every call that waits, in the model's order. */
  readonly calls: readonly PendingApprovalCall[];
}

/** Finish reason of the generation that ends a turn paused for approval. */
export const PENDING_APPROVAL_FINISH_REASON = 'pendingApproval';
