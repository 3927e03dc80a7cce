import {
  type ChatClientStreamEvent,
  InvalidToolApprovalError,
  ToolApprovalExpiredError,
  ToolApprovalNotFoundError,
} from '@sprout-ai/chat-client';
import { ModelApiError, type PendingApproval } from '@sprout-ai/core';

/** One Server-Sent Event: its name and its JSON data. */
export interface SseEvent {
  readonly event: string;
  readonly data: string;
}

/** Longest tool result the page is sent for its timeline, in characters (the model reads all of it). */
export const MAX_TIMELINE_RESULT_CHARS = 500;

/**
 * Maps a `.stream().events()` event to the SSEs the page reads:
 * - `text-delta` `{ text }`;
 * - `tool-call` `{ id, name, arguments }` when a call is about to run;
 * - `tool-result` `{ id, name, status, durationMs, result }` when it ended (`status`: success, error,
 *   timeout, limit, unknown-tool, rejected; `result` cut to {@link MAX_TIMELINE_RESULT_CHARS});
 * - `approval-pending` `{ expiresAt, calls: [{ id, toolName, arguments, reason }] }` when the turn paused
 *   before calls that need a person's approval (then `finish` with `finishReason: "pendingApproval"`);
 * - `finish` `{ finishReason, usage }`.
 * The argument fragments of a call being generated (`tool-call-start`, `tool-call-delta`) are not sent,
 * nor the approval tokens (the server finds them in the store when the decision comes).
 *
 * @param event - the ChatClient's stream event
 * @returns the SSEs, none for events the page does not use
 */
export function toSseEvents(event: ChatClientStreamEvent): SseEvent[] {
  switch (event.type) {
    case 'text-delta':
      return [sse('text-delta', { text: event.text })];
    case 'tool-call':
      return [
        sse('tool-call', { id: event.toolCall.id, name: event.toolCall.name, arguments: event.toolCall.arguments }),
      ];
    case 'tool-result':
      return [
        sse('tool-result', {
          id: event.id,
          name: event.name,
          status: event.status,
          durationMs: Math.round(event.durationMs),
          result:
            event.result.length > MAX_TIMELINE_RESULT_CHARS
              ? `${event.result.slice(0, MAX_TIMELINE_RESULT_CHARS)}…`
              : event.result,
        }),
      ];
    case 'finish': {
      const finish = sse('finish', { finishReason: event.finishReason ?? null, usage: event.usage ?? null });
      const pending = event.chatResponse?.metadata.pendingApproval;
      if (pending === undefined) return [finish];
      return [sse('approval-pending', pendingApprovalView(pending)), finish];
    }
    default:
      return [];
  }
}

/** What a browser is told of a paused turn: when it expires and the calls waiting, without their approval tokens. */
export interface PendingApprovalView {
  readonly expiresAt: string;
  readonly calls: readonly { id: string; toolName: string; arguments: string; reason: string }[];
}

/**
 * The browser's view of a paused turn (the `approval-pending` event's data, and `pendingApproval` of
 * `POST /api/chat`): the approval tokens stay on the server, which reads them from the store.
 *
 * @param pending - the paused turn, from the response's metadata
 */
export function pendingApprovalView(pending: PendingApproval): PendingApprovalView {
  return {
    expiresAt: pending.expiresAt,
    calls: pending.calls.map(({ id, toolName, arguments: args, reason }) => ({
      id,
      toolName,
      arguments: args,
      reason,
    })),
  };
}

/** What a browser is told when a turn fails: a code and a message that names no internal endpoint or setting. */
export interface UpstreamError {
  readonly code: 'model-unavailable' | 'approval-refused' | 'turn-failed';
  readonly message: string;
  /** Whether asking again may work (not for a refused approval). */
  readonly retryable: boolean;
  /** The full message, for the server's log only. */
  readonly detail: string;
}

/**
 * Classifies a failed turn for the browser: the model's API failing (a `ModelApiError`, whichever
 * provider: unreachable, timed out, an error status) is `model-unavailable`; an approval that
 * expired, was already used or does not match is `approval-refused` (its own message, which names
 * no secret); anything else `turn-failed`. The provider's own message (which names the endpoint and
 * the settings to check) stays in `detail`.
 *
 * @param error - what the ChatClient threw
 * @returns the browser-safe error
 */
export function upstreamErrorOf(error: unknown): UpstreamError {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (ModelApiError.isInstance(error)) {
    const message = 'The assistant cannot reach its model right now. Try again in a moment.';
    return { code: 'model-unavailable', message, retryable: true, detail };
  }
  for (const refusal of APPROVAL_ERRORS) {
    if (refusal.isInstance(error))
      return { code: 'approval-refused', message: error.message, retryable: false, detail };
  }
  const message = 'The assistant could not answer this question. Try again.';
  return { code: 'turn-failed', message, retryable: true, detail };
}

/** Errors of a decision that cannot be used (their messages are about the approval, not the system). */
const APPROVAL_ERRORS = [ToolApprovalNotFoundError, ToolApprovalExpiredError, InvalidToolApprovalError];

function sse(event: string, data: unknown): SseEvent {
  return { event, data: JSON.stringify(data) };
}
