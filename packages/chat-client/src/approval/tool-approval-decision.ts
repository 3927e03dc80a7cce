import type { PendingApprovalCall } from '@sprout-ai/core';

/**
 * A person's decision about one pending call, bound to it by the call's `token`:
 * - `{ approve: true }` — the call runs as the model asked;
 * - `{ approve: true, arguments }` — it runs with these arguments instead (validated against the
 *   tool's schema on resume; the history then carries them);
 * - `{ approve: false, reason }` — it does not run; the model reads that the user declined, and why.
 *
 * @example `{ toolCallId: 'call_1', token: pending.calls[0].token, approve: false, reason: 'keep it' }`
 * @remarks Sprout's; see docs/approval.md.
 */
export type ToolApprovalDecision =
  | {
      readonly toolCallId: string;
      readonly token: string;
      readonly approve: true;
      /** Edited arguments (a JSON object); absent to run the call as asked. */
      readonly arguments?: Readonly<Record<string, unknown>>;
    }
  | {
      readonly toolCallId: string;
      readonly token: string;
      readonly approve: false;
      /** Why the user declined; the model reads it. */
      readonly reason?: string;
    };

/**
 * @param call - a call of `pendingApproval.calls`
 * @param editedArguments - arguments to run it with instead of the model's
 * @returns the decision approving it
 */
export function approveToolCall(
  call: PendingApprovalCall,
  editedArguments?: Readonly<Record<string, unknown>>,
): ToolApprovalDecision {
  return {
    toolCallId: call.id,
    token: call.token,
    approve: true,
    ...(editedArguments === undefined ? {} : { arguments: editedArguments }),
  };
}

/**
 * @param call - a call of `pendingApproval.calls`
 * @param reason - why (the model reads it)
 * @returns the decision declining it
 */
export function rejectToolCall(call: PendingApprovalCall, reason?: string): ToolApprovalDecision {
  return { toolCallId: call.id, token: call.token, approve: false, ...(reason === undefined ? {} : { reason }) };
}
