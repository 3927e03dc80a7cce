import { ChatClient } from '@sprout-ai/chat-client';
import { FunctionToolCallback } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { type CaseResult, type TableRow, type TargetCheck, defineBenchCase } from '../bench-case';
import { addScenario } from '../loop/scenarios';
import type { Json } from '../support/child-task';
import { collectGarbage } from '../support/sampler';
import { formatNumber, formatRatio, summarize } from '../support/stats';

const ROUNDS = 3;
/** Issue 14: Sprout's throughput at least 0.9 × the raw openai client's. */
const THROUGHPUT_TARGET = 0.9;
/** "RSS flat": Sprout's peak-RSS growth when conversations double, at most this × the raw client's. */
const RSS_GROWTH_TARGET = 1.5;
const MB = 2 ** 20;

const CONTENDERS = [
  { id: 'openai-raw', label: 'raw openai client (hand loop)' },
  { id: 'sprout', label: 'Sprout ChatClient + OpenAiChatModel' },
] as const;
type ContenderId = (typeof CONTENDERS)[number]['id'];

interface WireRunArgs {
  readonly contender: ContenderId;
  readonly baseUrl: string;
  readonly conversations: number;
  readonly repeats: number;
  readonly warmupConversations: number;
}

interface WireRunResult {
  /** Completed conversations per second, one per repeat. */
  readonly conversationsPerSecond: readonly number[];
  /** Client CPU time (user + system) per conversation, in µs, one per repeat. */
  readonly cpuUsPerConversation: readonly number[];
  /** RSS after warm-up and a full GC, in MB. */
  readonly baselineRssMb: number;
  /** Peak RSS of the process (`resourceUsage().maxRSS`), in MB. */
  readonly peakRssMb: number;
  /** Heap used after a full GC: after warm-up and after all repeats, in MB (a leak shows as growth). */
  readonly heapAfterWarmupMb: number;
  readonly heapAfterRunsMb: number;
  /** Conversations that failed or answered something else. */
  readonly failures: number;
  readonly firstFailure?: string;
  /** Requests the server received (filled in by the parent); more than scripted means client retries. */
  readonly requestsServed?: number;
  /** Requests a run without retries or failures makes (filled in by the parent). */
  readonly requestsScripted?: number;
}

/**
 * P6: many concurrent conversations over real HTTP. The test kit's `OpenAiWireServer` runs in
 * the bench process on 127.0.0.1 (its own core); the clients run in a fresh child process each
 * (so peak RSS is theirs alone): Sprout's `ChatClient` with the real `OpenAiChatModel`, and the
 * raw `openai` client in a hand-written loop sending the same requests. Each conversation makes
 * 3 tool rounds (4 HTTP requests).
 */
export const benchCase = defineBenchCase({
  id: 'p6-concurrency',
  title: `P6 concurrency over the wire: 1,000 and 2,000 concurrent conversations, ${ROUNDS} tool rounds each`,
  order: 30,
  async run(context): Promise<CaseResult> {
    const sizes = context.options.quick ? [100, 200] : [1000, 2000];
    const ids = CONTENDERS.filter((c) => context.includes(c.id));
    const results = new Map<string, WireRunResult>(); // `${id}/${size}`
    for (const [i, size] of sizes.entries()) {
      for (const contender of i % 2 === 0 ? ids : [...ids].reverse()) {
        context.log(`p6: ${contender.id}, ${size} concurrent conversations`);
        const server = await OpenAiWireServer.start({ handler: (body) => wireStep(body.messages) });
        try {
          const args: WireRunArgs = {
            contender: contender.id,
            baseUrl: server.baseUrl,
            conversations: size,
            repeats: context.options.quick || i > 0 ? 1 : 2,
            warmupConversations: context.options.quick ? 20 : 300,
          };
          const result = await context.runInChild<Json>(
            `p6-${contender.id}-${size}`,
            __filename,
            'runWireConversations',
            args as unknown as Json,
          );
          const run = result as unknown as WireRunResult;
          const scripted = (args.warmupConversations + args.repeats * size) * (ROUNDS + 1);
          results.set(`${contender.id}/${size}`, {
            ...run,
            requestsServed: server.requests.length,
            requestsScripted: scripted,
          });
        } finally {
          await server.close();
        }
      }
    }

    const rows: TableRow[] = [];
    const throughput = (id: string, size: number): number | undefined => {
      const r = results.get(`${id}/${size}`);
      return r ? summarize(r.conversationsPerSecond).median : undefined;
    };
    for (const size of sizes) {
      for (const contender of ids) {
        const r = results.get(`${contender.id}/${size}`);
        if (r === undefined) throw new Error(`p6: no result of ${contender.id} for ${size} conversations`);
        const cps = summarize(r.conversationsPerSecond);
        const raw = throughput('openai-raw', size);
        rows.push({
          conversations: size.toLocaleString('en-US'),
          contender: contender.label,
          'conversations/s median': formatNumber(cps.median),
          'requests/s': formatNumber(cps.median * (ROUNDS + 1)),
          '× raw': raw ? formatRatio(cps.median / raw) : '',
          'client CPU µs/conversation': formatNumber(summarize(r.cpuUsPerConversation).median),
          'RSS base → peak MB': `${formatNumber(r.baselineRssMb)} → ${formatNumber(r.peakRssMb)}`,
          'heap after GC MB (warm → end)': `${formatNumber(r.heapAfterWarmupMb)} → ${formatNumber(r.heapAfterRunsMb)}`,
          'requests served / scripted': `${r.requestsServed ?? '?'} / ${r.requestsScripted ?? '?'}`,
          'failed conversations': r.failures,
        });
      }
    }

    const targets: TargetCheck[] = [];
    const [small, large] = sizes;
    for (const size of sizes) {
      const sprout = throughput('sprout', size);
      const raw = throughput('openai-raw', size);
      if (sprout !== undefined && raw !== undefined) {
        targets.push({
          name: `P6 ${size.toLocaleString('en-US')} conversations: Sprout / raw throughput`,
          target: `≥ ${formatRatio(THROUGHPUT_TARGET)}`,
          actual: formatRatio(sprout / raw),
          met: sprout / raw >= THROUGHPUT_TARGET,
        });
      }
    }
    const growth = (id: string): number | undefined => {
      const a = results.get(`${id}/${small}`);
      const b = results.get(`${id}/${large}`);
      return a && b ? b.peakRssMb - a.peakRssMb : undefined;
    };
    const sproutGrowth = growth('sprout');
    const rawGrowth = growth('openai-raw');
    if (sproutGrowth !== undefined && rawGrowth !== undefined) {
      const limit = Math.max(RSS_GROWTH_TARGET * rawGrowth, 0);
      targets.push({
        name: `P6 peak RSS growth ${small.toLocaleString('en-US')} → ${large.toLocaleString('en-US')} conversations`,
        target: `≤ ${formatRatio(RSS_GROWTH_TARGET)} raw's (${formatNumber(rawGrowth)} MB)`,
        actual: `${formatNumber(sproutGrowth)} MB`,
        met: sproutGrowth <= limit,
      });
    }
    const failures = [...results.values()].filter((r) => r.failures > 0);
    return {
      tables: [
        {
          title: `P6 concurrency over the wire (OpenAiWireServer on 127.0.0.1, ${ROUNDS} tool rounds = ${ROUNDS + 1} requests per conversation)`,
          columns: [
            'conversations',
            'contender',
            'conversations/s median',
            'requests/s',
            '× raw',
            'client CPU µs/conversation',
            'RSS base → peak MB',
            'heap after GC MB (warm → end)',
            'requests served / scripted',
            'failed conversations',
          ],
          rows,
          notes: [
            'All conversations of a run start at once; conversations/s = conversations ÷ wall time of the run (median of the runs).',
            'Each contender runs in its own fresh process; the server runs in the bench process. RSS and CPU are the client process only.',
            'RSS base = after warm-up and a full GC; peak = resourceUsage().maxRSS; heap after GC rising from warm to end would mean a leak.',
            'Both clients keep the openai default of 2 retries; served > scripted means retries, failed = failed after retries.',
            ...failures.map((r) => `FAILURES: ${r.failures}, first: ${r.firstFailure ?? '?'}`),
          ],
        },
      ],
      targets,
      data: Object.fromEntries(results),
    };
  },
});

/** The wire server's script: a tool call per round until the conversation holds `ROUNDS` tool results. */
function wireStep(messages: readonly { readonly role: string }[]) {
  const toolResults = messages.filter((message) => message.role === 'tool').length;
  const scenario = addScenario(ROUNDS);
  return toolResults < ROUNDS
    ? chatCompletion({
        toolCalls: [{ id: `call_${toolResults + 1}`, name: scenario.tool.name, arguments: scenario.toolArguments }],
      })
    : chatCompletion({ content: scenario.answer });
}

/**
 * Child-process task: runs `conversations` concurrent conversations `repeats` times against the
 * server and reports throughput, CPU and memory.
 *
 * @param args - {@link WireRunArgs} as JSON
 */
export async function runWireConversations(args: Json): Promise<Json> {
  const { contender, baseUrl, conversations, repeats, warmupConversations } = args as unknown as WireRunArgs;
  const conversation = contender === 'sprout' ? sproutConversation(baseUrl) : rawConversation(baseUrl);
  const answer = addScenario(ROUNDS).answer;
  let failures = 0;
  let firstFailure: string | undefined;
  const runAll = async (count: number): Promise<void> => {
    const outcomes = await Promise.allSettled(Array.from({ length: count }, () => conversation()));
    for (const outcome of outcomes) {
      const problem =
        outcome.status === 'rejected'
          ? String(outcome.reason)
          : outcome.value !== answer
            ? `answered ${JSON.stringify(outcome.value)}`
            : undefined;
      if (problem !== undefined) {
        failures++;
        firstFailure ??= problem;
      }
    }
  };

  await runAll(warmupConversations);
  collectGarbage();
  const baselineRssMb = process.memoryUsage().rss / MB;
  const heapAfterWarmupMb = process.memoryUsage().heapUsed / MB;
  const conversationsPerSecond: number[] = [];
  const cpuUsPerConversation: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const cpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    await runAll(conversations);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const used = process.cpuUsage(cpu);
    conversationsPerSecond.push(conversations / seconds);
    cpuUsPerConversation.push((used.user + used.system) / conversations);
  }
  collectGarbage();
  const result: WireRunResult = {
    conversationsPerSecond,
    cpuUsPerConversation,
    baselineRssMb,
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / MB,
    heapAfterWarmupMb,
    heapAfterRunsMb: process.memoryUsage().heapUsed / MB,
    failures,
    ...(firstFailure === undefined ? {} : { firstFailure }),
  };
  return result as unknown as Json;
}

/** One conversation through Sprout: one ChatClient (auto-registered ToolCallingAdvisor), real OpenAiChatModel. */
function sproutConversation(baseUrl: string): () => Promise<string> {
  const scenario = addScenario(ROUNDS);
  const model = new OpenAiChatModel({ baseUrl, apiKey: 'bench', defaultOptions: { model: 'gpt-4o-mini' } });
  const add = FunctionToolCallback.builder(scenario.tool.name, (input: Record<string, unknown>) =>
    scenario.tool.execute(input),
  )
    .description(scenario.tool.description)
    .inputSchema(JSON.stringify(scenario.tool.inputSchema))
    .build();
  const client = ChatClient.builder(model).defaultTools(add).build();
  return () => client.prompt(scenario.question).call().content();
}

/** The same conversation with the raw `openai` client: create, run the tool calls, append, repeat. */
function rawConversation(baseUrl: string): () => Promise<string> {
  const scenario = addScenario(ROUNDS);
  const client = new OpenAI({ baseURL: baseUrl, apiKey: 'bench' });
  const tools = [
    {
      type: 'function' as const,
      function: {
        name: scenario.tool.name,
        description: scenario.tool.description,
        parameters: { ...scenario.tool.inputSchema },
      },
    },
  ];
  return async () => {
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: scenario.question }];
    for (;;) {
      const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, tools });
      const message = completion.choices[0].message;
      if (!message.tool_calls?.length) return message.content ?? '';
      messages.push(message);
      for (const call of message.tool_calls) {
        if (call.type !== 'function') continue;
        const result = scenario.tool.execute(JSON.parse(call.function.arguments) as Record<string, unknown>);
        messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
      }
    }
  };
}
