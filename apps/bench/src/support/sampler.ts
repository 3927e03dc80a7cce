import { type Summary, summarize } from './stats';

/** Something to time: one operation (e.g. one request through a tool loop). */
export interface Operation {
  run(): Promise<unknown>;
}

/** Budgets of {@link sampleOperation}. */
export interface SamplingOptions {
  /** Warm-up time before any sample (JIT, caches), in ms. */
  readonly warmupMs: number;
  /** Time for the measured phase, in ms. */
  readonly budgetMs: number;
  /** Aimed duration of one sample (a batch of consecutive operations), in ms. */
  readonly sampleMs: number;
  /** Samples at least, even past the budget. */
  readonly minSamples: number;
}

/** Timing of one operation. */
export interface OperationTiming {
  /** Per-operation time of each sample, in µs. */
  readonly samplesUs: readonly number[];
  readonly summaryUs: Summary;
  /** Operations per sample. */
  readonly batch: number;
}

/**
 * Times an operation: warm-up, then a batch size chosen so one sample lasts about `sampleMs`,
 * then samples until the budget is spent (and at least `minSamples`). Each sample is the time
 * of one batch (`process.hrtime.bigint()`) divided by the batch size, so timer cost is
 * negligible and GC pauses land in the samples where they happen.
 *
 * @param operation - `run` must complete one operation
 * @param options - warm-up and measuring budgets
 */
export async function sampleOperation(operation: Operation, options: SamplingOptions): Promise<OperationTiming> {
  collectGarbage();
  const perOpNs = await warmUp(operation, options.warmupMs);
  const batch = Math.max(1, Math.round((options.sampleMs * 1e6) / perOpNs));
  collectGarbage();
  const samples: number[] = [];
  const deadline = process.hrtime.bigint() + BigInt(Math.round(options.budgetMs * 1e6));
  while (process.hrtime.bigint() < deadline || samples.length < options.minSamples) {
    const start = process.hrtime.bigint();
    for (let k = 0; k < batch; k++) await operation.run();
    samples.push(Number(process.hrtime.bigint() - start) / batch / 1e3);
  }
  return { samplesUs: samples, summaryUs: summarize(samples), batch };
}

/**
 * Times one operation `iterations` times after `warmups` untimed runs (for slow operations
 * such as 100 ms sleeps, where batching is pointless).
 *
 * @returns the per-run times in ms
 */
export async function timeRuns(run: () => Promise<unknown>, warmups: number, iterations: number): Promise<number[]> {
  for (let i = 0; i < warmups; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times;
}

/** Runs `operation` for about `ms` and returns the mean time of one run, in ns. */
async function warmUp(operation: Operation, ms: number): Promise<number> {
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(ms * 1e6));
  let runs = 0;
  let now = start;
  while (now < end || runs < 3) {
    await operation.run();
    runs++;
    now = process.hrtime.bigint();
  }
  return Number(now - start) / runs;
}

/** Runs a full GC when node was started with `--expose-gc`; otherwise does nothing. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc === 'function') gc();
}
