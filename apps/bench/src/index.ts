// Case-authoring surface of @sprout-ai/bench (the runner is main.ts; cases live in src/cases/).
export {
  type BenchCase,
  type BenchContext,
  type BenchOptions,
  type CaseResult,
  type Cell,
  type ResultTable,
  type TableRow,
  type TargetCheck,
  defineBenchCase,
  isBenchCase,
} from './bench-case';
export { discoverCases, CASES_DIR } from './discover-cases';
export { type Json, runInChild } from './support/child-task';
export {
  type Operation,
  type OperationTiming,
  type SamplingOptions,
  sampleOperation,
  timeRuns,
  collectGarbage,
} from './support/sampler';
export { type Summary, summarize, quantile, formatNumber, formatRatio, formatSummary } from './support/stats';
export { formatTable, formatMarkdownTable } from './support/format-table';
export { type MachineInfo, machineInfo } from './support/machine-info';
export { summarizeCpuProfile, type SelfTimeEntry } from './tools/summarize-cpu-profile';
