import { type CaseResult, type ResultTable, type TableRow, type TargetCheck, defineBenchCase } from '../bench-case';
import { LOOP_CONTENDERS, loadLoopContender } from '../loop/loop-contenders';
import { addScenario } from '../loop/scenarios';
import { verifyEqualWork } from '../loop/tool-loop-scenario';
import type { Json } from '../support/child-task';
import { type SamplingOptions, sampleOperation } from '../support/sampler';
import { formatNumber, formatRatio, formatSummary, summarize } from '../support/stats';

const ROUNDS = [1, 5, 20];
/** Each contender is measured in this many fresh processes, in alternating order (drift spreads evenly). */
const PASSES = 2;
/** Issue 14: Sprout's cost per round at most a tenth of the AI SDK's and of LangChain's manual loop. */
const SPROUT_VS_PEER_TARGET = 0.1;
/** Issue 19: Sprout with the OTel SDK registered and sampling every span at most 1.5× Sprout without. */
const OTEL_VS_PLAIN_TARGET = 1.5;

interface P1ChildArgs {
  readonly contender: string;
  readonly rounds: readonly number[];
  readonly sampling: SamplingOptions;
}

interface P1ChildResult {
  readonly label: string;
  readonly timings: readonly {
    readonly rounds: number;
    readonly batch: number;
    readonly samplesUs: readonly number[];
  }[];
}

/**
 * P1: per-round overhead of the loop itself. A zero-latency in-process model asks for one `add`
 * call per round, `rounds` times, then answers; every contender does exactly that work (checked
 * before timing). Each contender runs in its own fresh Node process, so one framework's heap and
 * JIT state cannot slow down another.
 */
export const benchCase = defineBenchCase({
  id: 'p1-loop-overhead',
  title: 'P1 loop overhead: zero-latency model, one trivial tool call per round, 1/5/20 rounds per request',
  order: 10,
  async run(context): Promise<CaseResult> {
    const perPass: SamplingOptions = context.options.quick
      ? { warmupMs: 50, budgetMs: 150, sampleMs: 5, minSamples: 3 }
      : { warmupMs: 250, budgetMs: 500, sampleMs: 10, minSamples: 8 };
    const ids = LOOP_CONTENDERS.map((c) => c.id).filter((id) => context.includes(id));
    const labels = new Map<string, string>();
    const samples = new Map<string, { batch: number; samplesUs: number[] }>(); // key `${id}/${rounds}`
    for (let pass = 0; pass < PASSES; pass++) {
      for (const id of pass % 2 === 0 ? ids : [...ids].reverse()) {
        context.log(`p1: ${id}, pass ${pass + 1}/${PASSES}`);
        const args: P1ChildArgs = { contender: id, rounds: ROUNDS, sampling: perPass };
        const result = await context.runInChild<Json>(`p1-${id}`, __filename, 'measureLoopContender', toJson(args));
        const { label, timings } = result as unknown as P1ChildResult;
        labels.set(id, label);
        for (const timing of timings) {
          const entry = samples.get(`${id}/${timing.rounds}`) ?? { batch: timing.batch, samplesUs: [] };
          entry.samplesUs.push(...timing.samplesUs);
          samples.set(`${id}/${timing.rounds}`, entry);
        }
      }
    }

    const rows: TableRow[] = [];
    const floorRows: TableRow[] = [];
    const targets: TargetCheck[] = [];
    const data: Json[] = [];
    for (const rounds of ROUNDS) {
      const summaries = new Map(ids.map((id) => [id, summarize(samples.get(`${id}/${rounds}`)?.samplesUs ?? [])]));
      const hand = summaries.get('hand')?.median;
      const sprout = summaries.get('sprout')?.median;
      const peers = [
        ['AI SDK generateText', summaries.get('ai-sdk')?.median],
        ['LangChain manual loop', summaries.get('langchain-loop')?.median],
      ] as const;
      for (const id of ids) {
        const summary = summaries.get(id);
        const entry = samples.get(`${id}/${rounds}`);
        if (summary === undefined || entry === undefined) throw new Error(`p1: ${id} measured no ${rounds} round(s)`);
        rows.push({
          rounds,
          contender: labels.get(id) ?? id,
          'µs/request median [p25–p75]': formatSummary(summary),
          'µs/round': formatNumber(summary.median / rounds),
          '× hand loop': hand ? formatRatio(summary.median / hand) : '',
          'Sprout ÷ this': sprout ? formatRatio(sprout / summary.median) : '',
          samples: `${summary.n}×${entry.batch}`,
        });
        data.push(
          toJson({ rounds, contender: id, batch: entry.batch, summaryUs: summary, samplesUs: entry.samplesUs }),
        );
      }
      const otel = summaries.get('sprout-otel')?.median;
      if (sprout !== undefined && otel !== undefined) {
        targets.push(check(`P1 ${rounds} round(s): Sprout + OTel SDK / Sprout`, otel / sprout, OTEL_VS_PLAIN_TARGET));
      }
      // The SDK's own cost for Sprout's spans: hand-otel over hand. Sprout + OTel cannot go below Sprout + that.
      const handOtel = summaries.get('hand-otel')?.median;
      if (hand !== undefined && handOtel !== undefined) {
        const floor = handOtel - hand;
        floorRows.push({
          rounds,
          'SDK floor µs/request': formatNumber(floor),
          'SDK floor µs/round': formatNumber(floor / rounds),
          'hand + OTel / hand': formatRatio(handOtel / hand),
          'Sprout + OTel / Sprout': sprout !== undefined && otel !== undefined ? formatRatio(otel / sprout) : '',
          '(Sprout + SDK floor) / Sprout': sprout !== undefined ? formatRatio((sprout + floor) / sprout) : '',
          'Sprout + OTel beyond the floor, µs':
            sprout !== undefined && otel !== undefined ? formatNumber(otel - sprout - floor) : '',
        });
        if (sprout !== undefined) {
          targets.push(
            check(
              `P1 ${rounds} round(s): (Sprout + SDK floor) / Sprout, the lowest reachable`,
              (sprout + floor) / sprout,
              OTEL_VS_PLAIN_TARGET,
            ),
          );
        }
      }
      for (const [peer, median] of peers) {
        if (sprout === undefined || median === undefined) continue;
        targets.push(check(`P1 ${rounds} round(s): Sprout / ${peer}`, sprout / median, SPROUT_VS_PEER_TARGET));
      }
    }
    return {
      tables: [
        {
          title: 'P1 loop overhead (zero-latency in-process model, tool `add`, one call per round)',
          columns: [
            'rounds',
            'contender',
            'µs/request median [p25–p75]',
            'µs/round',
            '× hand loop',
            'Sprout ÷ this',
            'samples',
          ],
          rows,
          notes: [
            'µs/round = median µs per request ÷ rounds (a request of N rounds makes N+1 model calls).',
            '× hand loop = this ÷ hand loop; Sprout ÷ this below 1.00× means Sprout is faster than this contender.',
            `samples = samples × requests per sample; each contender measured in ${PASSES} fresh processes, alternating order.`,
          ],
        },
        ...(floorRows.length === 0 ? [] : [floorTable(floorRows)]),
      ],
      targets,
      data,
    };
  },
});

/**
 * Child-process task: measures one contender at every round count (warm-up, equal-work check,
 * then samples).
 *
 * @param args - {@link P1ChildArgs} as JSON
 */
export async function measureLoopContender(args: Json): Promise<Json> {
  const { contender, rounds, sampling } = args as unknown as P1ChildArgs;
  const create = await loadLoopContender(contender);
  let label = contender;
  const timings: P1ChildResult['timings'][number][] = [];
  for (const count of rounds) {
    const scenario = addScenario(count);
    const loop = create(scenario);
    label = loop.label;
    await verifyEqualWork(loop, scenario);
    const timing = await sampleOperation(loop, sampling);
    timings.push({ rounds: count, batch: timing.batch, samplesUs: timing.samplesUs });
  }
  return toJson({ label, timings });
}

/** What the OTel SDK alone costs for Sprout's spans, and what that leaves of issue 19's 1.5× target. */
function floorTable(rows: TableRow[]): ResultTable {
  return {
    title: 'P1 OpenTelemetry SDK floor (hand-otel − hand: the SDK recording the spans and metrics Sprout records)',
    columns: [
      'rounds',
      'SDK floor µs/request',
      'SDK floor µs/round',
      'hand + OTel / hand',
      'Sprout + OTel / Sprout',
      '(Sprout + SDK floor) / Sprout',
      'Sprout + OTel beyond the floor, µs',
    ],
    rows,
    notes: [
      'SDK floor = hand-otel median − hand median: the same spans, attributes and histograms, opened by hand.',
      '(Sprout + SDK floor) / Sprout: the lowest Sprout + OTel / Sprout reachable with this SDK; issue 19 asks ≤ 1.50×.',
      'Sprout + OTel beyond the floor = (sprout-otel − sprout) − SDK floor: what Sprout adds to the SDK when recording.',
    ],
  };
}

function check(name: string, ratio: number, max: number): TargetCheck {
  return { name, target: `≤ ${formatRatio(max)}`, actual: formatRatio(ratio), met: ratio <= max };
}

function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}
