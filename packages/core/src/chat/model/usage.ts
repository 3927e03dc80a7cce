/** Token counts reported by a provider for one response (units: tokens). */
export interface Usage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
}

/** A usage with every count at zero ("empty" in Spring's sense). */
export const EMPTY_USAGE: Usage = Object.freeze({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });

/**
 * Sums two usages; an empty side (total 0 or missing) leaves the other unchanged.
 *
 * @see Spring AI `UsageCalculator`
 */
export function addUsage(a: Usage | undefined, b: Usage | undefined): Usage {
  if (!a || a.totalTokens === 0) return b ?? EMPTY_USAGE;
  if (!b || b.totalTokens === 0) return a;
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}
