/** Median and spread of a set of samples (same unit as the samples). */
export interface Summary {
  readonly n: number;
  readonly median: number;
  /** 25th percentile. */
  readonly p25: number;
  /** 75th percentile. */
  readonly p75: number;
  /** Median absolute deviation from the median. */
  readonly mad: number;
  readonly min: number;
  readonly max: number;
}

/**
 * Summarises samples with order statistics (robust to GC pauses and other outliers).
 *
 * @param samples - at least one finite number
 * @throws Error when `samples` is empty
 */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('summarize needs at least one sample; the measurement produced none.');
  const sorted = [...samples].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  const deviations = sorted.map((x) => Math.abs(x - median)).sort((a, b) => a - b);
  return {
    n: sorted.length,
    median,
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    mad: quantile(deviations, 0.5),
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

/** Linear-interpolated quantile `q` (0–1) of ascending `sorted` values. */
export function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

/** `value` with `digits` significant-looking decimals: 3 below 10, 2 below 100, 1 below 1000, else 0. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const digits = abs < 10 ? 2 : abs < 100 ? 1 : 0;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** `median [p25–p75]`, e.g. `12.4 [11.9–13.1]`. */
export function formatSummary(summary: Summary): string {
  return `${formatNumber(summary.median)} [${formatNumber(summary.p25)}–${formatNumber(summary.p75)}]`;
}

/** A ratio as `2.41×`. */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}
