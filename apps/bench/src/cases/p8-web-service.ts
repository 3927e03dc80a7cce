import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { SproutTokens } from '@sprout-ai/boot';
import { MessageChatMemoryAdvisor } from '@sprout-ai/chat-client';
import { CHAT_MEMORY_CONVERSATION_ID, type ChatMemory } from '@sprout-ai/core';
import { demoModel } from '@sprout-ai/order-support/dist/demo-model';
import { startOrderDesk } from '@sprout-ai/order-support/dist/order-desk';
import { createOrderSupportChatClient } from '@sprout-ai/order-support/dist/order-support-cli';
import { USER_ID_CONTEXT_KEY } from '@sprout-ai/order-support/dist/order-tools';
import { spawnOrderDeskProcess } from '@sprout-ai/order-support/dist/web/order-desk-process';
import { OpenAiWireServer } from '@sprout-ai/test';
import { type CaseResult, type TableRow, type TargetCheck, defineBenchCase } from '../bench-case';
import type { Json } from '../support/child-task';
import { formatNumber, formatRatio, quantile, summarize } from '../support/stats';

/** The demo model's conversation: one `getOrderStatus` round, then the answer. */
const ROUNDS = 1;
const QUESTION = '订单 A123 发货了吗？';
const ANSWER = '订单 A123 当前状态：运输中。';
const APP_DIR = dirname(require.resolve('@sprout-ai/order-support/package.json'));
const MB = 2 ** 20;

interface LoadArgs {
  /** Where the conversations go: web instances (SSE), or the model's base URL for the in-process CLI path. */
  readonly urls: readonly string[];
  readonly conversations: number;
  readonly repeats: number;
  readonly warmupConversations: number;
}

interface LoadResult {
  /** Milliseconds from sending the question to the turn's end, every conversation of every repeat. */
  readonly latenciesMs: readonly number[];
  /** Completed conversations per second, one per repeat. */
  readonly conversationsPerSecond: readonly number[];
  /** Peak RSS of the process that ran the desk, in MB (the server's for the web path). */
  readonly peakRssMb?: number;
  readonly failures: number;
  readonly firstFailure?: string;
}

/**
 * P8: the order desk as a web service under load. The demo model runs on an `OpenAiWireServer` in
 * the bench process; 200 conversations start at once, each asking `订单 A123 发货了吗？` (one
 * `getOrderStatus` round, two model requests) with chat memory:
 * - CLI path: `ChatClient.stream().events()` in one process, as `npm start -- --stream` runs it;
 * - one instance: `node dist/serve.js` in its own process, a client process sending
 *   `POST /api/chat/stream` and reading the SSE to the `finish` event;
 * - two instances: the same conversations alternating between two `serve.js` processes.
 * Added latency per round = (web p50 − CLI p50) ÷ rounds, likewise p99.
 */
export const benchCase = defineBenchCase({
  id: 'p8-web-service',
  title: 'P8 the order desk as a web service: 200 concurrent SSE conversations',
  order: 50,
  async run(context): Promise<CaseResult> {
    const conversations = context.options.quick ? 40 : 200;
    const repeats = context.options.quick ? 1 : 5;
    const warmupConversations = context.options.quick ? 10 : 200;
    const model = await OpenAiWireServer.start({ handler: demoModel });
    const results = new Map<string, LoadResult>();
    try {
      const load = (urls: readonly string[]): Json => ({ urls, conversations, repeats, warmupConversations });
      context.log('p8: CLI path (ChatClient.stream in process)');
      results.set(
        'cli',
        (await context.runInChild(
          'p8-cli',
          __filename,
          'runCliConversations',
          load([model.baseUrl]),
        )) as unknown as LoadResult,
      );
      for (const count of [1, 2]) {
        context.log(`p8: ${count} web instance(s)`);
        const instances = await Promise.all(
          Array.from({ length: count }, () => spawnOrderDeskProcess(instanceEnv(model.baseUrl))),
        );
        try {
          const peak = trackPeakRss(instances.map((i) => i.process.pid ?? 0));
          const run = (await context.runInChild(
            `p8-web-${count}`,
            __filename,
            'runSseConversations',
            load(instances.map((i) => i.url)),
          )) as unknown as LoadResult;
          results.set(`web-${count}`, { ...run, peakRssMb: peak.stop() });
        } finally {
          await Promise.all(instances.map((i) => i.stop()));
        }
      }
    } finally {
      await model.close();
    }

    const resultOf = (id: string): LoadResult => {
      const result = results.get(id);
      if (result === undefined) throw new Error(`p8: no result for ${id}`);
      return result;
    };
    const cliStats = latency(resultOf('cli').latenciesMs);
    const throughput = (id: string): number => summarize(resultOf(id).conversationsPerSecond).median;
    const rows: TableRow[] = [
      ['cli', 'CLI path: ChatClient.stream() in process'],
      ['web-1', 'one serve.js instance, SSE'],
      ['web-2', 'two serve.js instances, SSE, alternating'],
    ].map(([id, label]) => {
      const r = resultOf(id);
      const stats = latency(r.latenciesMs);
      return {
        path: label,
        'latency p50 ms': formatNumber(stats.p50),
        'latency p99 ms': formatNumber(stats.p99),
        'added per round p50 / p99 ms':
          id === 'cli'
            ? ''
            : `${formatNumber((stats.p50 - cliStats.p50) / ROUNDS)} / ${formatNumber((stats.p99 - cliStats.p99) / ROUNDS)}`,
        'conversations/s median': formatNumber(throughput(id)),
        '× one instance': id === 'cli' ? '' : formatRatio(throughput(id) / throughput('web-1')),
        'desk peak RSS MB': r.peakRssMb === undefined ? '' : formatNumber(r.peakRssMb),
        failed: r.failures,
      };
    });
    const targets: TargetCheck[] = [
      {
        name: 'P8 two instances / one: throughput',
        target: 'reported',
        actual: formatRatio(throughput('web-2') / throughput('web-1')),
        met: true,
      },
    ];
    const failures = [...results.values()].filter((r) => r.failures > 0);
    return {
      tables: [
        {
          title: `P8 order desk web service (${conversations} concurrent conversations, ${ROUNDS} tool round each, demo model on 127.0.0.1)`,
          columns: [
            'path',
            'latency p50 ms',
            'latency p99 ms',
            'added per round p50 / p99 ms',
            'conversations/s median',
            '× one instance',
            'desk peak RSS MB',
            'failed',
          ],
          rows,
          notes: [
            `Latency = question sent → turn finished (the finish event), over ${repeats} runs of ${conversations} conversations started at once, after ${warmupConversations} warm-up conversations.`,
            'The CLI path and the SSE client each run in a fresh process; serve.js instances in their own processes; the model in the bench process. All share the machine’s CPUs.',
            'Chat memory is in-memory per instance (each conversation stays on one instance); RSS is sampled with ps every 100 ms (peak, summed over instances).',
            ...failures.map((r) => `FAILURES: ${r.failures}, first: ${r.firstFailure ?? '?'}`),
          ],
        },
      ],
      targets,
      data: Object.fromEntries(results),
    };
  },
});

function latency(samples: readonly number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

/** A `serve.js` instance's environment: any free port, in-memory chat memory, the bench's model. */
function instanceEnv(modelBaseUrl: string): Record<string, string> {
  return {
    SERVER_PORT: '0',
    SPROUT_WEB_SESSION_SECRET: 'bench',
    SPRING_AI_CHAT_MEMORY_REPOSITORY_TYPE: 'in-memory',
    SPRING_AI_OPENAI_API_KEY: 'bench',
    SPRING_AI_OPENAI_BASE_URL: modelBaseUrl,
  };
}

/** Samples the summed RSS of `pids` until stopped; returns the peak in MB. */
function trackPeakRss(pids: readonly number[]): { stop(): number } {
  let peakKb = 0;
  const sample = (): void => {
    try {
      const out = execFileSync('ps', ['-o', 'rss=', '-p', pids.join(',')], { encoding: 'utf8' });
      peakKb = Math.max(
        peakKb,
        out.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0),
      );
    } catch {
      // a process that already exited has no RSS to add
    }
  };
  const timer = setInterval(sample, 100);
  sample();
  return {
    stop() {
      clearInterval(timer);
      sample();
      return (peakKb * 1024) / MB;
    },
  };
}

/** Runs `conversations` at once, `repeats` times, after a warm-up; times each one. */
async function measure(args: LoadArgs, conversation: (index: number) => Promise<string>): Promise<LoadResult> {
  let failures = 0;
  let firstFailure: string | undefined;
  const latenciesMs: number[] = [];
  const runAll = async (count: number, record: boolean): Promise<void> => {
    await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const start = performance.now();
        try {
          const answer = await conversation(index);
          if (answer !== ANSWER) throw new Error(`answered ${JSON.stringify(answer)}`);
          if (record) latenciesMs.push(performance.now() - start);
        } catch (error) {
          failures++;
          firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      }),
    );
  };
  await runAll(args.warmupConversations, false);
  const conversationsPerSecond: number[] = [];
  for (let i = 0; i < args.repeats; i++) {
    const start = performance.now();
    await runAll(args.conversations, true);
    conversationsPerSecond.push(args.conversations / ((performance.now() - start) / 1000));
  }
  return {
    latenciesMs,
    conversationsPerSecond,
    failures,
    ...(firstFailure === undefined ? {} : { firstFailure }),
  };
}

/**
 * Child-process task: the CLI path, `ChatClient.stream().events()` with chat memory in this process.
 *
 * @param args - {@link LoadArgs} as JSON; `urls[0]` is the model's base URL
 */
export async function runCliConversations(args: Json): Promise<Json> {
  const load = args as unknown as LoadArgs;
  const desk = await startOrderDesk({
    appDir: APP_DIR,
    env: { SPRING_AI_OPENAI_API_KEY: 'bench', SPRING_AI_OPENAI_BASE_URL: load.urls[0] },
    properties: { 'spring.ai.chat.memory.repository.type': 'in-memory' },
  });
  try {
    const client = createOrderSupportChatClient(desk.app, () => undefined);
    const memory = MessageChatMemoryAdvisor.builder(desk.app.get<ChatMemory>(SproutTokens.ChatMemory)).build();
    const result = await measure(load, async () => {
      let text = '';
      const events = client
        .prompt()
        .user(QUESTION)
        .toolContext({ [USER_ID_CONTEXT_KEY]: 'u7' })
        .advisors(memory)
        .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, randomUUID()))
        .stream()
        .events();
      for await (const event of events) if (event.type === 'text-delta') text += event.text;
      return text;
    });
    return { ...result, peakRssMb: (process.resourceUsage().maxRSS * 1024) / MB };
  } finally {
    await desk.close();
  }
}

/**
 * Child-process task: SSE conversations against the web instances in `urls`, alternating.
 *
 * @param args - {@link LoadArgs} as JSON
 */
export async function runSseConversations(args: Json): Promise<Json> {
  const load = args as unknown as LoadArgs;
  const cookies = await Promise.all(
    load.urls.map(async (url) => {
      const response = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'u7' }),
      });
      const cookie = response.headers.get('set-cookie');
      if (cookie === null) throw new Error(`sign-in at ${url} answered ${response.status} without a cookie`);
      return cookie.split(';')[0];
    }),
  );
  const result = await measure(load, async (index) => {
    const at = index % load.urls.length;
    const response = await fetch(`${load.urls[at]}/api/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies[at] },
      body: JSON.stringify({ message: QUESTION }),
    });
    const body = await response.text();
    if (!body.includes('event: finish')) throw new Error(`no finish event: ${body.slice(0, 200)}`);
    return [...body.matchAll(/^event: text-delta\ndata: (.*)$/gm)]
      .map(([, data]) => (JSON.parse(data) as { text: string }).text)
      .join('');
  });
  return result as unknown as Json;
}
