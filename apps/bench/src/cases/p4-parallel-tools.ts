import { type CaseResult, type TableRow, type TargetCheck, defineBenchCase } from '../bench-case';
import { LOOP_CONTENDERS } from '../loop/loop-contenders';
import { SLEEP_TOOL_MS, parallelSleepScenario } from '../loop/scenarios';
import { verifyEqualWork } from '../loop/tool-loop-scenario';
import { timeRuns } from '../support/sampler';
import { formatRatio, formatSummary, summarize } from '../support/stats';

const CALLS = 10;
/** Issue 14: a round of 10 × 100 ms calls takes at most 1.15 × one call's time. */
const SPROUT_VS_ONE_CALL_TARGET = 1.15;

/**
 * P4: one round in which the model asks for 10 tool calls, each an async 100 ms sleep. The
 * wall time shows whether a framework runs the calls of a round concurrently (≈ 100 ms) or one
 * after another (≈ 1,000 ms). Runs in the bench process: the sleeps dominate, not the framework.
 */
export const benchCase = defineBenchCase({
  id: 'p4-parallel-tools',
  title: `P4 parallel tools: one round of ${CALLS} tool calls, each an async ${SLEEP_TOOL_MS} ms sleep`,
  order: 20,
  async run(context): Promise<CaseResult> {
    const [warmups, iterations] = context.options.quick ? [0, 2] : [1, 5];
    const scenario = parallelSleepScenario(CALLS);
    const rows: TableRow[] = [];
    const data: unknown[] = [];
    const targets: TargetCheck[] = [];
    // Not the OTel contender: it registers the SDK globally, and P4 runs its contenders in this process.
    for (const entry of LOOP_CONTENDERS.filter((c) => c.id !== 'sprout-otel' && context.includes(c.id))) {
      const contender = (await entry.load())(scenario);
      await verifyEqualWork(contender, scenario);
      context.log(`p4: ${entry.id}`);
      const timesMs = await timeRuns(() => contender.run(), warmups, iterations);
      const summary = summarize(timesMs);
      const concurrent = summary.median < 2 * SLEEP_TOOL_MS;
      rows.push({
        contender: contender.label,
        'wall ms median [p25–p75]': formatSummary(summary),
        '× one sleep': formatRatio(summary.median / SLEEP_TOOL_MS),
        'calls of a round': concurrent ? 'concurrent' : 'sequential',
        runs: summary.n,
      });
      data.push({ contender: entry.id, summaryMs: summary, samplesMs: timesMs, concurrent });
      if (entry.id === 'sprout') {
        const ratio = summary.median / SLEEP_TOOL_MS;
        targets.push({
          name: `P4 Sprout: round of ${CALLS} × ${SLEEP_TOOL_MS} ms calls / one call`,
          target: `≤ ${formatRatio(SPROUT_VS_ONE_CALL_TARGET)}`,
          actual: formatRatio(ratio),
          met: ratio <= SPROUT_VS_ONE_CALL_TARGET,
        });
      }
    }
    return {
      tables: [
        {
          title: `P4 parallel tools (${CALLS} calls × async ${SLEEP_TOOL_MS} ms sleep, one round)`,
          columns: ['contender', 'wall ms median [p25–p75]', '× one sleep', 'calls of a round', 'runs'],
          rows,
          notes: [
            `≈ 1.0× one sleep: the ${CALLS} calls ran concurrently; ≈ ${CALLS}.0×: one after another.`,
            'The hand loop and the LangChain manual loop use Promise.all; AI SDK and createAgent run calls concurrently themselves.',
          ],
        },
      ],
      data,
      targets,
    };
  },
});
