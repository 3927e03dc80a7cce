import type { ChatResponse, ToolArgumentRepair, ToolCall, ToolCallStatus, Usage } from '@sprout-ai/core';

/**
 * What happens during a `.stream()` turn, for a UI that shows progress:
 * - `text-delta` — new answer text;
 * - `tool-call-start` — the model began a tool call (its id and, usually, its name are known);
 * - `tool-call-delta` — more of that call's arguments text arrived;
 * - `tool-call` — the call is complete and about to run (arguments repaired where needed, each
 *   repair listed in `repairs`); the calls of a round run concurrently, so several `tool-call`
 *   events may come before the first `tool-result`;
 * - `tool-result` — the call ended: `result` is the text the model reads (the error text when it
 *   failed), `status` how it ended (`success`, `error`, `timeout`, `limit`, `unknown-tool`) and
 *   `durationMs` how long it ran;
 * - `finish` — the turn is over: the last finish reason, the usage of all rounds, and the visible
 *   answer aggregated into one `ChatResponse`.
 *
 * @remarks Beyond Spring AI, which only streams `ChatResponse`s.
 */
export type ChatClientStreamEvent =
  | { readonly type: 'text-delta'; readonly text: string }
  | { readonly type: 'tool-call-start'; readonly id: string; readonly name: string; readonly index: number }
  | {
      readonly type: 'tool-call-delta';
      readonly id: string;
      readonly name: string;
      readonly index: number;
      readonly argumentsDelta: string;
    }
  | { readonly type: 'tool-call'; readonly toolCall: ToolCall; readonly repairs: readonly ToolArgumentRepair[] }
  | {
      readonly type: 'tool-result';
      readonly id: string;
      readonly name: string;
      readonly result: string;
      readonly status: ToolCallStatus;
      readonly durationMs: number;
    }
  | {
      readonly type: 'finish';
      readonly finishReason?: string;
      readonly usage?: Usage;
      readonly chatResponse?: ChatResponse;
    };

/** Receives the events advisors report during a `.stream()` turn. */
export type ChatClientStreamEventListener = (event: ChatClientStreamEvent) => void;

/**
 * Key of the request-context entry that holds the {@link ChatClientStreamEventListener} of a
 * `.stream()` turn (set by the stream spec; read by the tool-calling advisor and the model advisor).
 */
export const STREAM_EVENT_LISTENER_KEY = '@sprout-ai/chat-client/stream-event-listener';

/**
 * @param context - a request or response context
 * @returns the turn's event listener, or `undefined`
 */
export function streamEventListenerOf(
  context: Readonly<Record<string, unknown>>,
): ChatClientStreamEventListener | undefined {
  const listener = context[STREAM_EVENT_LISTENER_KEY];
  return typeof listener === 'function' ? (listener as ChatClientStreamEventListener) : undefined;
}
