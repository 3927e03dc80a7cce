import { FullTextToolIndex, RegexToolIndex, type ToolIndex } from '@sprout-ai/chat-client';
import { type CaseResult, type TableRow, type TargetCheck, defineBenchCase } from '../bench-case';
import { collectGarbage } from '../support/sampler';
import { formatNumber, quantile, summarize } from '../support/stats';
import { generateToolCatalogue } from '../tool-search/generate-tool-catalogue';
import { deskCatalogue } from '../tool-search/desk-catalogue';
import { DESK_QUERIES, P5_QUERIES } from '../tool-search/p5-queries';
import { measureRequestBytes } from '../tool-search/request-bytes';
import { searchAccuracy } from '../tool-search/search-accuracy';

/** Issue 16's targets. */
const BYTES_RATIO_TARGET = 0.05;
const SEARCH_P50_TARGET_MS = 1;
const BUILD_TARGET_MS = 100;
const TOP5_TARGET = 0.95;

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * P5: tool search over a generated catalogue of 1,000 tools (25 domains × 4 record kinds × 10
 * actions, bilingual descriptions) and the natural-language queries of `p5-queries.json`.
 * Accuracy and request bytes are deterministic; build and search times are measured in the
 * bench process.
 */
export const benchCase = defineBenchCase({
  id: 'p5-tool-search',
  title: 'P5 tool search: 1,000 generated tools, natural-language queries in English and Chinese',
  order: 25,
  async run(context): Promise<CaseResult> {
    const quick = context.options.quick;
    const catalogue = generateToolCatalogue();
    const targets: TargetCheck[] = [];

    context.log('p5: accuracy');
    const accuracyRows: TableRow[] = [];
    const accuracyData: Record<string, unknown> = {};
    const sets = [
      { set: 'P5 generated', key: 'p5', tools: catalogue, queries: P5_QUERIES },
      { set: 'order desk, held out', key: 'desk', tools: deskCatalogue(), queries: DESK_QUERIES },
    ];
    for (const { set, key, tools, queries: setQueries } of sets) {
      for (const [label, make] of [
        ['FullTextToolIndex (ranked)', () => new FullTextToolIndex()],
        ['RegexToolIndex (Spring’s default)', () => new RegexToolIndex()],
      ] as const) {
        const index: ToolIndex = make();
        await index.indexTools(key, tools);
        for (const lang of ['en', 'zh', 'all'] as const) {
          const queries = setQueries.filter((q) => lang === 'all' || q.lang === lang);
          const result = await searchAccuracy(index, key, queries);
          accuracyRows.push({
            catalogue: `${set} (${tools.length} tools)`,
            index: label,
            queries: lang === 'all' ? `all (${result.queries})` : `${lang} (${result.queries})`,
            'top 1': percent(result.top1 / result.queries),
            'top 5': percent(result.top5 / result.queries),
          });
          accuracyData[`${key} ${label} ${lang}`] = result;
          if (lang === 'all' && key === 'p5' && index instanceof FullTextToolIndex) {
            targets.push({
              name: `P5 accuracy, intended tool in the top 5 (FullTextToolIndex, ${result.queries} queries; top 1 ${percent(result.top1 / result.queries)})`,
              target: `≥ ${percent(TOP5_TARGET)}`,
              actual: percent(result.top5 / result.queries),
              met: result.top5 / result.queries >= TOP5_TARGET,
            });
          }
        }
      }
    }

    context.log('p5: index build');
    const buildMs: number[] = [];
    for (let i = 0; i < (quick ? 3 : 21); i++) {
      const index = new FullTextToolIndex();
      collectGarbage();
      const start = process.hrtime.bigint();
      index.indexTools('p5', catalogue);
      buildMs.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const build = summarize(buildMs);
    targets.push({
      name: 'P5 index build, 1,000 tools (FullTextToolIndex)',
      target: `≤ ${BUILD_TARGET_MS} ms`,
      actual: `${formatNumber(build.median)} ms`,
      met: build.median <= BUILD_TARGET_MS,
    });

    context.log('p5: search');
    const index = new FullTextToolIndex();
    index.indexTools('p5', catalogue);
    const searchMs: number[] = [];
    for (let round = 0; round < (quick ? 3 : 30); round++) {
      for (const { query } of P5_QUERIES) {
        const start = process.hrtime.bigint();
        index.search({ sessionId: 'p5', query, maxResults: 5 });
        searchMs.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }
    const search = summarize(searchMs);
    const searchP95 = quantile(
      [...searchMs].sort((a, b) => a - b),
      0.95,
    );
    targets.push({
      name: 'P5 search p50, 1,000 tools (FullTextToolIndex)',
      target: `≤ ${SEARCH_P50_TARGET_MS} ms`,
      actual: `${formatNumber(search.median)} ms`,
      met: search.median <= SEARCH_P50_TARGET_MS,
    });

    context.log('p5: request bytes over the wire');
    const sample = P5_QUERIES.filter((_q, i) => i % (quick ? 30 : 6) === 0);
    const bytes = await measureRequestBytes(catalogue, sample);
    const allRounds = bytes.conversations.flatMap((c) => c.allTools);
    const searchRounds = bytes.conversations.flatMap((c) => c.toolSearch);
    const ratio = mean(searchRounds) / mean(allRounds);
    targets.push({
      name: `P5 request bytes per round, tool search / all tools (${bytes.conversations.length} conversations)`,
      target: `≤ ${percent(BYTES_RATIO_TARGET)}`,
      actual: percent(ratio),
      met: ratio <= BYTES_RATIO_TARGET,
    });
    targets.push({
      name: `P5 index builds: ${bytes.sessions} sessions, ${bytes.turns} turns`,
      target: `= ${bytes.sessions} (once per session)`,
      actual: String(bytes.indexBuilds),
      met: bytes.indexBuilds === bytes.sessions,
    });
    const first = bytes.conversations[0];

    return {
      tables: [
        {
          title: 'P5 accuracy (5 results per search)',
          columns: ['catalogue', 'index', 'queries', 'top 1', 'top 5'],
          rows: accuracyRows,
          notes: [
            'Deterministic: the P5 catalogue is generated without randomness (queries in p5-queries.json); the order desk’s tools are those of apps/order-support (held-out queries in desk-queries.json, not tuned on).',
          ],
        },
        {
          title: 'P5 request bytes per round (OpenAiChatModel → OpenAiWireServer, one question, one tool)',
          columns: ['mode', 'rounds per turn', 'bytes per round (mean)', 'first conversation, bytes per round'],
          rows: [
            {
              mode: 'all 1,000 tools in every request',
              'rounds per turn': formatNumber(allRounds.length / bytes.conversations.length),
              'bytes per round (mean)': Math.round(mean(allRounds)).toLocaleString('en-US'),
              'first conversation, bytes per round': first.allTools.join(' / '),
            },
            {
              mode: 'ToolSearchToolCallingAdvisor (full-text, 5 results)',
              'rounds per turn': formatNumber(searchRounds.length / bytes.conversations.length),
              'bytes per round (mean)': Math.round(mean(searchRounds)).toLocaleString('en-US'),
              'first conversation, bytes per round': first.toolSearch.join(' / '),
            },
          ],
          notes: [
            'With tool search a turn takes one round more (search → call → answer); the bytes of the whole turn shrink by about as much as those of a round.',
          ],
        },
        {
          title: 'P5 timings (FullTextToolIndex, 1,000 tools, in the bench process)',
          columns: ['what', 'median ms [p25–p75]', 'p95 ms', 'samples'],
          rows: [
            {
              what: 'index build (once per session)',
              'median ms [p25–p75]': `${formatNumber(build.median)} [${formatNumber(build.p25)}–${formatNumber(build.p75)}]`,
              'p95 ms': formatNumber(
                quantile(
                  [...buildMs].sort((a, b) => a - b),
                  0.95,
                ),
              ),
              samples: build.n,
            },
            {
              what: 'search, 5 results',
              'median ms [p25–p75]': `${formatNumber(search.median)} [${formatNumber(search.p25)}–${formatNumber(search.p75)}]`,
              'p95 ms': formatNumber(searchP95),
              samples: search.n,
            },
          ],
          notes: ['Timings move with the machine’s load; accuracy and bytes do not.'],
        },
      ],
      targets,
      data: { accuracy: accuracyData, buildMs, searchMs, bytes },
    };
  },
});
