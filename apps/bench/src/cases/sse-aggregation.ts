import { type CaseResult, type TableRow, type TargetCheck, defineBenchCase } from '../bench-case';
import type { Json } from '../support/child-task';
import { type SamplingOptions, sampleOperation } from '../support/sampler';
import { type Summary, formatNumber, formatRatio, formatSummary } from '../support/stats';
import { ChatCompletionChunkAggregator } from '@sprout-ai/openai/internal';

const PARALLEL_CALLS = 100;
const MEGABYTE = 1024 * 1024;
/** Characters of arguments text per delta; OpenAI sends a few tokens per delta. */
const FRAGMENT_CHARS = 64;
const VS_JSON_PARSE_TARGET = 2;
/** Doubling the bytes may cost at most this factor to count as linear. */
const DOUBLING_TARGET = 2.4;

interface Workload {
  /** Parsed `chat.completion.chunk`s, as the `openai` client yields them (round-robin over the calls). */
  readonly chunks: readonly unknown[];
  /** The same arguments, as one JSON text (an array of the argument objects). */
  readonly payload: string;
  readonly argumentBytes: number;
}

/**
 * Builds `PARALLEL_CALLS` tool calls whose arguments total `bytes` bytes, streamed as interleaved
 * deltas of {@link FRAGMENT_CHARS} characters (id and name on each call's first delta only).
 *
 * @param bytes - total size of the arguments texts
 */
export function buildWorkload(bytes: number): Workload {
  const perCall = Math.floor(bytes / PARALLEL_CALLS);
  const texts: string[] = [];
  for (let i = 0; i < PARALLEL_CALLS; i++) {
    const head = `{"path":"dir/file-${i}.txt","text":"`;
    const unit = 'Line with \\"quotes\\", a \\\\ backslash, tabs\\t and UTF-8: 订单 ✓.\\n';
    let body = '';
    while (Buffer.byteLength(head + body + unit + '"}') <= perCall) body += unit;
    texts.push(`${head}${body}"}`);
  }
  const chunks: unknown[] = [];
  // Each chunk goes through JSON text and back, as the openai client parses every SSE event.
  const chunk = (toolCall: Record<string, unknown>): unknown =>
    JSON.parse(
      JSON.stringify({
        id: 'chatcmpl-bench',
        object: 'chat.completion.chunk',
        model: 'bench',
        choices: [{ index: 0, delta: { tool_calls: [toolCall] }, finish_reason: null }],
      }),
    );
  texts.forEach((_, i) =>
    chunks.push(chunk({ index: i, id: `call_${i}`, type: 'function', function: { name: 'writeFile', arguments: '' } })),
  );
  const longest = Math.max(...texts.map((t) => t.length));
  for (let at = 0; at < longest; at += FRAGMENT_CHARS) {
    texts.forEach((text, i) => {
      if (at < text.length)
        chunks.push(chunk({ index: i, function: { arguments: text.slice(at, at + FRAGMENT_CHARS) } }));
    });
  }
  chunks.push({ id: 'chatcmpl-bench', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
  return {
    chunks,
    payload: `[${texts.join(',')}]`,
    argumentBytes: texts.reduce((n, t) => n + Buffer.byteLength(t), 0),
  };
}

/** Feeds every chunk to a fresh aggregator and returns the number of complete calls. */
export function aggregate(workload: Workload, reportDeltas = false): number {
  const aggregator = new ChatCompletionChunkAggregator({ reportDeltas });
  for (const chunk of workload.chunks) aggregator.push(chunk);
  const [choice] = aggregator.finish();
  return choice.toolCalls.length;
}

/** Medians and spreads of one size, in µs. */
export interface SseAggregationResult {
  readonly megabytes: number;
  readonly argumentBytes: number;
  readonly deltas: number;
  readonly jsonParse: Summary;
  readonly aggregation: Summary;
  readonly aggregationAndParse: Summary;
  readonly aggregationWithDeltas: Summary;
}

/**
 * Times aggregation against `JSON.parse` of the same arguments in one piece, at 1 MB and 2 MB, in
 * this process (both sides in the same run).
 *
 * @param sampling - budgets
 * @returns one row per size, with medians in µs
 */
export async function measureSseAggregation(sampling: SamplingOptions): Promise<SseAggregationResult[]> {
  const results: SseAggregationResult[] = [];
  for (const megabytes of [1, 2]) {
    const workload = buildWorkload(megabytes * MEGABYTE);
    if (aggregate(workload) !== PARALLEL_CALLS) throw new Error('sse-aggregation: the aggregator lost calls');
    const jsonParse = await sampleOperation({ run: async () => JSON.parse(workload.payload) as unknown }, sampling);
    const aggregation = await sampleOperation({ run: async () => aggregate(workload) }, sampling);
    const aggregationWithDeltas = await sampleOperation({ run: async () => aggregate(workload, true) }, sampling);
    const aggregationAndParse = await sampleOperation(
      {
        run: async () => {
          const aggregator = new ChatCompletionChunkAggregator({ reportDeltas: false });
          for (const chunk of workload.chunks) aggregator.push(chunk);
          for (const call of aggregator.finish()[0].toolCalls) JSON.parse(call.arguments);
        },
      },
      sampling,
    );
    results.push({
      megabytes,
      argumentBytes: workload.argumentBytes,
      deltas: workload.chunks.length,
      jsonParse: jsonParse.summaryUs,
      aggregation: aggregation.summaryUs,
      aggregationAndParse: aggregationAndParse.summaryUs,
      aggregationWithDeltas: aggregationWithDeltas.summaryUs,
    });
  }
  return results;
}

/**
 * Aggregation of streamed tool-call deltas: 100 parallel calls whose arguments total 1 MB (and
 * 2 MB, to check linearity), fed as parsed chunks to `ChatCompletionChunkAggregator`, against
 * `JSON.parse` of the same arguments in one piece.
 */
export const benchCase = defineBenchCase({
  id: 'sse-aggregation',
  title: 'SSE aggregation: 100 parallel tool calls, 1 MB / 2 MB of argument deltas vs JSON.parse in one piece',
  order: 50,
  async run(context): Promise<CaseResult> {
    const sampling: SamplingOptions = context.options.quick
      ? { warmupMs: 100, budgetMs: 300, sampleMs: 20, minSamples: 5 }
      : { warmupMs: 500, budgetMs: 1500, sampleMs: 50, minSamples: 15 };
    context.log('sse-aggregation: measuring 1 MB and 2 MB');
    const results = await context.runInChild<Json>('sse-aggregation', __filename, 'measureInChild', toJson(sampling));
    return report(results as unknown as SseAggregationResult[]);
  },
});

/** Child-process entry of the runner. */
export async function measureInChild(args: Json): Promise<Json> {
  return toJson(await measureSseAggregation(args as unknown as SamplingOptions));
}

function report(results: SseAggregationResult[]): CaseResult {
  const rows: TableRow[] = results.map((r) => ({
    size: `${r.megabytes} MB`,
    deltas: r.deltas,
    'JSON.parse µs [p25–p75]': formatSummary(r.jsonParse),
    'aggregation µs [p25–p75]': formatSummary(r.aggregation),
    '÷ JSON.parse': formatRatio(r.aggregation.median / r.jsonParse.median),
    'aggregation + parse each µs': formatNumber(r.aggregationAndParse.median),
    'with delta events µs': formatNumber(r.aggregationWithDeltas.median),
  }));
  const [one, two] = results;
  const targets: TargetCheck[] = [
    check(
      'SSE aggregation 1 MB / JSON.parse 1 MB',
      one.aggregation.median / one.jsonParse.median,
      VS_JSON_PARSE_TARGET,
    ),
    check('SSE aggregation 2 MB / 1 MB (linear)', two.aggregation.median / one.aggregation.median, DOUBLING_TARGET),
  ];
  return {
    tables: [
      {
        title: 'SSE aggregation (100 parallel tool calls, interleaved deltas)',
        columns: [
          'size',
          'deltas',
          'JSON.parse µs [p25–p75]',
          'aggregation µs [p25–p75]',
          '÷ JSON.parse',
          'aggregation + parse each µs',
          'with delta events µs',
        ],
        rows,
        notes: [
          `Deltas carry ${FRAGMENT_CHARS} characters of arguments each (already-parsed chunk objects, as the openai client yields them).`,
          'JSON.parse = parsing the same arguments as one JSON text; aggregation = ChatCompletionChunkAggregator.push for every chunk + finish() (calls only, reportDeltas: false).',
          'with delta events = the same with a ToolCallDelta per delta (what OpenAiChatModel.stream uses to report tool-call progress).',
          'aggregation + parse each = aggregation followed by JSON.parse of every call’s arguments (what executing the calls needs).',
        ],
      },
    ],
    targets,
    data: toJson(results),
  };
}

function check(name: string, ratio: number, max: number): TargetCheck {
  return { name, target: `≤ ${formatRatio(max)}`, actual: formatRatio(ratio), met: ratio <= max };
}

function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

if (require.main === module) {
  measureSseAggregation({ warmupMs: 500, budgetMs: 1500, sampleMs: 50, minSamples: 15 }).then(
    (results) => {
      const { tables, targets } = report(results);
      for (const row of tables[0].rows) process.stdout.write(`${JSON.stringify(row)}\n`);
      for (const target of targets ?? []) {
        process.stdout.write(
          `${target.met ? 'met' : 'MISSED'}: ${target.name} ${target.actual} (target ${target.target})\n`,
        );
      }
    },
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
