/**
 * Token counts reported by a provider for one response (units: tokens).
 *
 * `promptTokens` counts every input token the request was billed for, cached or not, whatever the
 * provider: OpenAI's `prompt_tokens` already includes its cached tokens; Anthropic's `input_tokens`
 * does not, so its provider adds `cache_read_input_tokens` and `cache_creation_input_tokens`.
 *
 * @remarks Spring AI's Anthropic model reports `input_tokens` alone as prompt tokens; we count the
 * cache tokens in, so `promptTokens` and `totalTokens` mean the same for every provider.
 * @see Spring AI `Usage` (`getCacheReadInputTokens`, `getCacheWriteInputTokens`)
 */
export interface Usage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
  /**
   * Of `promptTokens`, those read from the provider's prompt cache (Anthropic
   * `cache_read_input_tokens`, OpenAI `prompt_tokens_details.cached_tokens`); absent when the
   * provider reported none.
   */
  readonly cacheReadInputTokens?: number;
  /**
   * Of `promptTokens`, those written to the provider's prompt cache (Anthropic
   * `cache_creation_input_tokens`); absent when the provider reported none.
   */
  readonly cacheWriteInputTokens?: number;
}

/** A usage with every count at zero ("empty" in Spring's sense). */
export const EMPTY_USAGE: Usage = Object.freeze({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });

/**
 * Sums two usages; an empty side (total 0 or missing) leaves the other unchanged. A cache count is
 * in the sum when either side has it.
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
    ...sumOf('cacheReadInputTokens', a, b),
    ...sumOf('cacheWriteInputTokens', a, b),
  };
}

/**
 * True when both usages have the same counts, cache counts included.
 *
 * @param a - one usage
 * @param b - the other (may be missing)
 */
export function sameUsage(a: Usage, b: Usage | undefined): boolean {
  return (
    b !== undefined &&
    a.promptTokens === b.promptTokens &&
    a.completionTokens === b.completionTokens &&
    a.totalTokens === b.totalTokens &&
    a.cacheReadInputTokens === b.cacheReadInputTokens &&
    a.cacheWriteInputTokens === b.cacheWriteInputTokens
  );
}

function sumOf(
  key: 'cacheReadInputTokens' | 'cacheWriteInputTokens',
  a: Usage,
  b: Usage,
): Partial<Record<typeof key, number>> {
  if (a[key] === undefined && b[key] === undefined) return {};
  return { [key]: (a[key] ?? 0) + (b[key] ?? 0) };
}
