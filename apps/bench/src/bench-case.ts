import type { Json } from './support/child-task';

/** A cell of a result table: text, or a number printed as given. */
export type Cell = string | number;

/** One row of a case's table, keyed by column name. */
export type TableRow = Readonly<Record<string, Cell>>;

/** A table a case prints (and stores in `bench/results.json`). */
export interface ResultTable {
  /** Printed above the table, e.g. `P1 loop overhead — µs per round`. */
  readonly title: string;
  /** Column names, in print order; every row has a cell (or nothing → blank) per column. */
  readonly columns: readonly string[];
  readonly rows: readonly TableRow[];
  /** Printed under the table: how to read it, what was measured. */
  readonly notes?: readonly string[];
}

/** A target of the issue checked against a measurement, e.g. "Sprout ≤ 3× the hand loop". */
export interface TargetCheck {
  /** What is compared, e.g. `P1 20 rounds: Sprout / hand loop`. */
  readonly name: string;
  /** The target as text, e.g. `≤ 3.00×`. */
  readonly target: string;
  /** The measured value as text, e.g. `2.41×`. */
  readonly actual: string;
  readonly met: boolean;
}

/** What a case hands back to the runner. */
export interface CaseResult {
  readonly tables: readonly ResultTable[];
  readonly targets?: readonly TargetCheck[];
  /** Raw measurements (JSON-serialisable), stored under the case id in `bench/results.json`. */
  readonly data?: unknown;
}

/** Options of a run, as given on the command line. */
export interface BenchOptions {
  /** `--quick`: short budgets, for smoke-testing the harness (numbers are noisy). */
  readonly quick: boolean;
  /** `--contender a,b`: only these contenders (case-defined names, compared case-insensitively); all when undefined. */
  readonly contenders?: readonly string[];
  /** `--profile <dir>`: child processes run with `--cpu-prof` and write their profiles there. */
  readonly profileDir?: string;
}

/** What the runner hands a case. */
export interface BenchContext {
  readonly options: BenchOptions;
  /** True when the contender should run (always true when no `--contender` filter is given). */
  includes(contender: string): boolean;
  /** Prints a progress line to stderr (stdout holds the tables). */
  log(message: string): void;
  /**
   * Runs `export async function <exportName>(args)` of `modulePath` in a fresh Node process
   * (with `--expose-gc`, and `--cpu-prof` under `--profile`) and returns its JSON result.
   *
   * @param label - names the profile file, e.g. `p1-sprout`
   * @param modulePath - the compiled module, usually the case's own `__filename`
   */
  runInChild<R extends Json>(label: string, modulePath: string, exportName: string, args: Json): Promise<R>;
}

/**
 * A benchmark case: one file under `apps/bench/src/cases/` that exports `benchCase`
 * (built with {@link defineBenchCase}). The runner finds it on its own; nothing else to register.
 */
export interface BenchCase {
  /** Stable id, e.g. `p1-loop-overhead`; used by `--case` and as the key in `bench/results.json`. */
  readonly id: string;
  /** One line, e.g. `P1 loop overhead: zero-latency model, 1/5/20 tool rounds per request`. */
  readonly title: string;
  /** Sort key of the run order (lower first; ties by id). */
  readonly order: number;
  /** Runs the case; throws when a contender does not do the agreed work. */
  run(context: BenchContext): Promise<CaseResult>;
}

const BENCH_CASE = Symbol.for('@sprout-ai/bench/case');

/**
 * Declares a benchmark case (typed, and recognisable by the runner).
 *
 * @example
 * ```ts
 * export const benchCase = defineBenchCase({
 *   id: 'sse-aggregation',
 *   title: 'SSE aggregation: 1,000 chunks into one response',
 *   order: 50,
 *   async run(context) {
 *     return { tables: [{ title: '…', columns: ['contender', 'median µs'], rows: [] }] };
 *   },
 * });
 * ```
 * @param definition - the case
 * @returns the same case, branded for discovery
 */
export function defineBenchCase(definition: BenchCase): BenchCase {
  return { ...definition, [BENCH_CASE]: true } as BenchCase;
}

/** True when `value` was made by {@link defineBenchCase}. */
export function isBenchCase(value: unknown): value is BenchCase {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BENCH_CASE] === true;
}
