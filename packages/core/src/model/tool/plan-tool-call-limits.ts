import type { Message } from '../../chat/messages/message';
import { ToolResponseMessage } from '../../chat/messages/tool-response-message';
import { UserMessage } from '../../chat/messages/user-message';
import type { PreparedToolCall } from './prepared-tool-call';
import type { ToolCallLimitBreach, ToolCallLimits } from './tool-call-limits';

/** Which calls of a round the limits refuse, decided before any of them runs. */
export interface ToolCallLimitPlan {
  /** The refused calls by index, with the breach each one reads. */
  readonly breaches: ReadonlyMap<number, ToolCallLimitBreach>;
  /**
   * Under `THROW`: the index of the first refused call; the calls after it do not run and the
   * round ends with a `ToolCallLimitExceededError`. `undefined` otherwise.
   */
  readonly throwAt: number | undefined;
}

/**
 * Counts the round's calls as if they ran one after another, in the model's order, on top of the
 * turn's earlier calls (since the last user message), and checks each against the limits — so the
 * same calls are refused however the calls then interleave.
 *
 * @param history - the turn so far (the manager's prompt instructions)
 * @param calls - the round's calls, in order
 * @param limits - the manager's limits
 */
export function planToolCallLimits(
  history: readonly Message[],
  calls: readonly PreparedToolCall[],
  limits: ToolCallLimits,
): ToolCallLimitPlan {
  const { perTool, total: prior } = countPriorCalls(history);
  let total = prior;
  const breaches = new Map<number, ToolCallLimitBreach>();
  for (const call of calls) {
    total += 1;
    const count = (perTool.get(call.name) ?? 0) + 1;
    perTool.set(call.name, count);
    const breach = limits.check(call.name, count, total);
    if (breach === undefined) continue;
    breaches.set(call.index, breach);
    if (limits.onLimitExceeded === 'THROW') return { breaches, throwAt: call.index };
  }
  return { breaches, throwAt: undefined };
}

/** Tool-call counts per name since the last user message (the whole history when there is none). */
function countPriorCalls(history: readonly Message[]): { perTool: Map<string, number>; total: number } {
  let start = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i] instanceof UserMessage) {
      start = i;
      break;
    }
  }
  const perTool = new Map<string, number>();
  let total = 0;
  for (let i = start; i < history.length; i++) {
    const message = history[i];
    if (!(message instanceof ToolResponseMessage)) continue;
    for (const response of message.responses) perTool.set(response.name, (perTool.get(response.name) ?? 0) + 1);
    total += message.responses.length;
  }
  return { perTool, total };
}
