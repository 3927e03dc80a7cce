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
 * same calls are refused however the calls then interleave. A round past the round limit refuses
 * all its calls and ends the turn (`throwAt` 0) in either behaviour.
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
  const { perTool, total: prior, rounds } = countPriorCalls(history, calls);
  const breaches = new Map<number, ToolCallLimitBreach>();
  const roundBreach = limits.checkRound(rounds + 1);
  if (roundBreach !== undefined) {
    for (const call of calls) breaches.set(call.index, roundBreach);
    return { breaches, throwAt: calls.length > 0 ? 0 : undefined };
  }
  let total = prior;
  for (const call of calls) {
    total += 1;
    const count = (perTool.get(call.name) as number) + 1;
    perTool.set(call.name, count);
    const breach = limits.check(call.name, count, total);
    if (breach === undefined) continue;
    breaches.set(call.index, breach);
    if (limits.onLimitExceeded === 'THROW') return { breaches, throwAt: call.index };
  }
  return { breaches, throwAt: undefined };
}

/**
 * The turn's earlier calls — tool responses since the last user message (the whole history when
 * there is none) — in total and per name, the latter only for the names the round calls; and its
 * earlier rounds (tool response messages).
 */
function countPriorCalls(
  history: readonly Message[],
  calls: readonly PreparedToolCall[],
): { perTool: Map<string, number>; total: number; rounds: number } {
  const perTool = new Map<string, number>();
  for (const call of calls) perTool.set(call.name, 0);
  let total = 0;
  let rounds = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i];
    if (message instanceof UserMessage) break;
    if (!(message instanceof ToolResponseMessage)) continue;
    const { responses } = message;
    rounds += 1;
    total += responses.length;
    // An index loop: on Node 20 for…of over a frozen array takes V8's slow path.
    for (let j = 0; j < responses.length; j++) {
      const count = perTool.get(responses[j].name);
      if (count !== undefined) perTool.set(responses[j].name, count + 1);
    }
  }
  return { perTool, total, rounds };
}
