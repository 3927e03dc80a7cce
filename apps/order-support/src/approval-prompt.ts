import type { ChatClientRequestSpec, ToolApprovalDecision, ToolApprovalStore } from '@sprout-ai/chat-client';
import { answerText, approveToolCall, rejectToolCall } from '@sprout-ai/chat-client';
import type { ChatResponse, PendingApproval, PendingApprovalCall } from '@sprout-ai/core';

/** Asks the person at the terminal one question; resolves with their answer line. */
export type AskLine = (question: string) => Promise<string>;

/** The question asked for each pending call, e.g. `Approve cancelOrder {"orderId":"A123"}? [y/N/edit] `. */
export function approvalQuestion(call: PendingApprovalCall): string {
  return `Approve ${call.toolName} ${call.arguments}? [y/N/edit] `;
}

/**
 * Sends the request; when the turn pauses for approval, asks at the terminal (`ask`) about each
 * pending call — `y` approves, `edit` approves with new JSON arguments, anything else declines — and
 * resumes, until the turn is answered. Without `ask` (no terminal) it returns a note saying how to
 * decide later (`--approve` / `--reject`).
 *
 * @param spec - the request
 * @param resumeSpec - a fresh request of the same user and conversation (tools, memory), to resume with
 * @param ask - the terminal prompt, or `undefined`
 * @returns the answer text, or the note
 */
export async function answerWithApproval(
  spec: ChatClientRequestSpec,
  resumeSpec: () => ChatClientRequestSpec,
  ask: AskLine | undefined,
): Promise<string> {
  let response = await spec.call().chatResponse();
  for (let pending = pendingOf(response); pending !== undefined; pending = pendingOf(response)) {
    if (ask === undefined) return waitingNote(pending);
    const decisions: ToolApprovalDecision[] = [];
    for (const call of pending.calls) decisions.push(await decide(call, ask));
    response = await resumeSpec().resume(pending.conversationId, decisions).call().chatResponse();
  }
  return answerText(response);
}

/**
 * Decides the turn stored as paused in `conversationId` (another run asked): approves or declines
 * every pending call and resumes it.
 *
 * @returns the answer text, or a note when it paused again
 * @throws ToolApprovalNotFoundError when nothing waits there (already decided)
 */
export async function decideStoredTurn(
  store: ToolApprovalStore,
  conversationId: string,
  decision: { approve: true } | { approve: false; reason?: string },
  resumeSpec: () => ChatClientRequestSpec,
): Promise<string> {
  const pending = store.pendingApprovalOf(await store.load(conversationId));
  const decisions = pending.calls.map((call) =>
    decision.approve ? approveToolCall(call) : rejectToolCall(call, decision.reason),
  );
  const response = await resumeSpec().resume(conversationId, decisions).call().chatResponse();
  const again = pendingOf(response);
  return again === undefined ? answerText(response) : waitingNote(again);
}

async function decide(call: PendingApprovalCall, ask: AskLine): Promise<ToolApprovalDecision> {
  const answer = (await ask(approvalQuestion(call))).trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return approveToolCall(call);
  if (answer === 'e' || answer === 'edit') {
    const text = await ask('Arguments as JSON: ');
    try {
      const edited: unknown = JSON.parse(text);
      if (typeof edited === 'object' && edited !== null && !Array.isArray(edited)) {
        return approveToolCall(call, edited as Record<string, unknown>);
      }
    } catch {
      // falls through: not JSON
    }
    return rejectToolCall(call, 'the edited arguments were not a JSON object');
  }
  return rejectToolCall(call, 'declined at the prompt');
}

function pendingOf(response: ChatResponse | undefined): PendingApproval | undefined {
  return response?.metadata.pendingApproval;
}

function waitingNote(pending: PendingApproval): string {
  const calls = pending.calls.map((call) => `${call.toolName} ${call.arguments}`).join(', ');
  return (
    `Waiting for approval: ${calls} (until ${pending.expiresAt}). Decide with ` +
    `--conversation ${pending.conversationId} --approve, or --reject [--reason "…"].`
  );
}
