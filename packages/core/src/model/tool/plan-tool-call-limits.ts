import type { PreparedToolCall } from './prepared-tool-call';
import type { ToolCallCounts } from './tool-call-counts';
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
 * @param prior - the turn's earlier calls
 * @param calls - the round's calls, in order
 * @param limits - the manager's limits
 */
export function planToolCallLimits(
  prior: ToolCallCounts,
  calls: readonly PreparedToolCall[],
  limits: ToolCallLimits,
): ToolCallLimitPlan {
  const roundBreach = limits.checkRound(prior.rounds + 1);
  if (roundBreach !== undefined) {
    const breaches = new Map<number, ToolCallLimitBreach>();
    for (const call of calls) breaches.set(call.index, roundBreach);
    return { breaches, throwAt: calls.length > 0 ? 0 : undefined };
  }
  // Created on the first breach: most rounds refuse nothing and share NO_BREACH.
  let breaches: Map<number, ToolCallLimitBreach> | undefined;
  // The round's own counts per name, on top of the prior ones.
  const perTool = new Map<string, number>();
  let total = prior.total;
  for (const call of calls) {
    total += 1;
    const count = (perTool.get(call.name) ?? prior.perTool.get(call.name) ?? 0) + 1;
    perTool.set(call.name, count);
    const breach = limits.check(call.name, count, total);
    if (breach === undefined) continue;
    breaches ??= new Map<number, ToolCallLimitBreach>();
    breaches.set(call.index, breach);
    if (limits.onLimitExceeded === 'THROW') return { breaches, throwAt: call.index };
  }
  return breaches === undefined ? NO_BREACH : { breaches, throwAt: undefined };
}

/** The plan of a round that refuses nothing; frozen, shared by all such rounds. */
const NO_BREACH: ToolCallLimitPlan = Object.freeze({
  breaches: new Map<number, ToolCallLimitBreach>(),
  throwAt: undefined,
});
