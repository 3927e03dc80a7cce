import {
  CHAT_MEMORY_CONVERSATION_ID,
  DefaultToolCallingManager,
  EmptyPromptError,
  MessageWindowChatMemory,
  SproutError,
  StaticToolCallbackResolver,
} from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import {
  OpenAiWireServer,
  type WireChatCompletion,
  type WireChatRequest,
  type WireStepResult,
  chatCompletion,
  sseEvents,
  sseFromChatCompletion,
} from '@sprout-ai/test';
import fc from 'fast-check';
import { recordingTool } from './__fixtures__/tools';
import { MessageChatMemoryAdvisor } from './advisor/message-chat-memory-advisor';
import { ToolCallingAdvisor } from './advisor/tool-calling-advisor';
import { ChatClient } from './chat-client';

/**
 * A bounded fuzz of malformed model responses — tool calls with blank, repeated, missing, non-string
 * or long ids, unknown, unattached or missing tool names, arguments fenced, double-encoded, with
 * trailing prose, truncated, garbage, 5000 levels deep, blank, missing or sent as objects; extra,
 * empty and same-index choices, odd finish reasons, refusals, content parts; envelopes without id,
 * model and usage, without choices, truncated, or streams cut off — served by the wire server to the
 * real `openai` client as JSON, as SSE cut at random byte offsets, or as plain JSON to a streaming
 * request, through a ChatClient with no memory, memory outside or memory inside the tool loop, over
 * two turns (the second answered plainly, replaying what the first stored). Each case asserts:
 * - no uncaught error: a turn answers or fails with a Sprout error (never a raw `TypeError`,
 *   `SyntaxError` or stack overflow, never an unhandled rejection), and never for lack of messages;
 * - every tool call of every request is answered exactly once, right after its message;
 * - no `ToolContext` value is in any request body;
 * - no tool runs that was not attached (the trap tool is known to the resolver, not to the request);
 * - every request carries its turn's user message;
 * - no tool runs with arguments it was not sent, nor twice for one call (repaired text counts as
 *   sent; truncated, garbage or too deep arguments never run, blank ones run as `{}`).
 */

const SECRET = 'ctx-secret-7f3a9b';
const QUESTIONS = ['Where is A1?', 'And what about the label?'];
const ATTACHED = ['lookup', 'label'] as const;

type IdKind = 'ok' | 'repeat' | 'blank' | 'space' | 'missing' | 'number' | 'long';
type NameKind = 'lookup' | 'label' | 'unknown' | 'trap' | 'empty' | 'noFunction';
type ArgsForm =
  'json' | 'object' | 'fenced' | 'double' | 'trailing' | 'truncated' | 'garbage' | 'deep' | 'blank' | 'missing';
type Envelope = 'ok' | 'bare' | 'noChoices' | 'truncated' | 'cut';

interface GenCall {
  readonly id: IdKind;
  readonly name: NameKind;
  readonly args: { readonly id: string };
  readonly form: ArgsForm;
}

interface GenResponse {
  readonly calls: readonly GenCall[];
  readonly content: 'null' | 'text' | 'parts' | 'refusal';
  readonly finish: 'natural' | 'stop' | 'tool_calls' | 'length';
  readonly extraChoice: 'none' | 'empty' | 'text' | 'sameIndex';
  readonly envelope: Envelope;
}

interface GenTurns {
  readonly responses: readonly GenResponse[];
  readonly path: 'call' | 'stream';
  readonly transport: 'sse' | 'json';
  readonly memory: 'none' | 'outside' | 'inside';
  readonly system: boolean;
  readonly splits: readonly number[];
}

/** A tool run as the tool saw it. */
interface ToolRun {
  readonly name: string;
  readonly input: unknown;
}

/** Units that make JSON text interesting without making a fence or a repair ambiguous. */
const text = fc.string({
  unit: fc.constantFrom('a', 'Z', '7', ' ', '"', '\\', '\n', '订', '😀', '{', '}', ','),
  maxLength: 12,
});
const genCall = fc.record<GenCall>({
  id: fc.constantFrom<IdKind>('ok', 'ok', 'ok', 'repeat', 'blank', 'space', 'missing', 'number', 'long'),
  name: fc.constantFrom<NameKind>('lookup', 'lookup', 'label', 'label', 'unknown', 'trap', 'empty', 'noFunction'),
  args: fc.record({ id: text }),
  form: fc.constantFrom<ArgsForm>(
    'json',
    'json',
    'object',
    'fenced',
    'double',
    'trailing',
    'truncated',
    'garbage',
    'deep',
    'blank',
    'missing',
  ),
});
const genResponse = fc.record<GenResponse>({
  calls: fc.array(genCall, { minLength: 1, maxLength: 3 }),
  content: fc.constantFrom('null', 'null', 'text', 'parts', 'refusal'),
  finish: fc.constantFrom('natural', 'natural', 'stop', 'tool_calls', 'length'),
  extraChoice: fc.constantFrom('none', 'none', 'empty', 'text', 'sameIndex'),
  envelope: fc.constantFrom<Envelope>(...Array<Envelope>(8).fill('ok'), 'bare', 'noChoices', 'truncated', 'cut'),
});
const genTurns = fc.record<GenTurns>({
  responses: fc.array(genResponse, { minLength: 1, maxLength: 3 }),
  path: fc.constantFrom('call', 'stream'),
  transport: fc.constantFrom('sse', 'sse', 'json'),
  memory: fc.constantFrom('none', 'outside', 'inside'),
  system: fc.boolean(),
  splits: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }),
});

function wireName(kind: NameKind): string | undefined {
  return {
    lookup: 'lookup',
    label: 'label',
    unknown: 'lookupOrder',
    trap: 'dropTables',
    empty: '',
    noFunction: undefined,
  }[kind];
}

function wireArguments(call: GenCall): unknown {
  const json = JSON.stringify(call.args);
  switch (call.form) {
    case 'json':
      return json;
    case 'object':
      return call.args;
    case 'fenced':
      return '```json\n' + json + '\n```';
    case 'double':
      return JSON.stringify(json);
    case 'trailing':
      return json + '\n\nLet me look that up.';
    case 'truncated':
      return json.slice(0, json.length - 2);
    case 'garbage':
      return 'I will look it up.';
    case 'deep':
      return `{"id":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    case 'blank':
      return '  ';
    case 'missing':
      return undefined;
  }
}

/** What a call's tool may run with: the arguments it was sent, `{}` for blank ones, nothing for unusable ones. */
function intendedInput(call: GenCall): unknown {
  if (call.form === 'truncated' || call.form === 'garbage' || call.form === 'deep') return undefined;
  if (call.form === 'blank' || call.form === 'missing') return {};
  return call.args;
}

function wireId(kind: IdKind, index: number, round: number): unknown {
  switch (kind) {
    case 'ok':
      return `call_${round}_${index}`;
    case 'repeat':
      return `call_${round}_0`;
    case 'blank':
      return '';
    case 'space':
      return '   ';
    case 'missing':
      return undefined;
    case 'number':
      return 42;
    case 'long':
      return `call_${'x'.repeat(300)}_${index}`;
  }
}

function toCompletion(response: GenResponse, round: number): WireChatCompletion {
  const toolCalls = response.calls.map((call, index) => {
    const name = wireName(call.name);
    return {
      ...(wireId(call.id, index, round) === undefined ? {} : { id: wireId(call.id, index, round) }),
      type: 'function',
      ...(call.name === 'noFunction'
        ? {}
        : { function: { name, ...(call.form === 'missing' ? {} : { arguments: wireArguments(call) }) } }),
    };
  });
  const content = { null: null, text: 'Let me check.', parts: [{ type: 'text', text: 'Checking.' }], refusal: null }[
    response.content
  ];
  const finish = response.finish === 'natural' ? (toolCalls.length > 0 ? 'tool_calls' : 'stop') : response.finish;
  const choices: unknown[] = [
    {
      index: 0,
      message: {
        role: 'assistant',
        content,
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        ...(response.content === 'refusal' ? { refusal: 'I cannot help with that.' } : {}),
      },
      finish_reason: finish,
    },
  ];
  if (response.extraChoice !== 'none') {
    choices.push({
      index: response.extraChoice === 'sameIndex' ? 0 : 1,
      message: { role: 'assistant', content: response.extraChoice === 'empty' ? '' : 'Another answer.' },
      finish_reason: 'stop',
    });
  }
  const base = chatCompletion();
  const completion = { ...base, choices } as unknown as WireChatCompletion;
  if (response.envelope === 'bare') {
    const { id: _id, model: _model, usage: _usage, created: _created, ...bare } = completion;
    return bare;
  }
  return completion;
}

function step(completion: WireChatCompletion, envelope: Envelope, turns: GenTurns): WireStepResult {
  const { choices: _choices, ...withoutChoices } = completion;
  const body = envelope === 'noChoices' ? (withoutChoices as WireChatCompletion) : completion;
  if (turns.path === 'call' || turns.transport === 'json') {
    if (envelope === 'truncated' || envelope === 'cut') {
      const text = JSON.stringify(completion).slice(0, 40);
      return { status: 200, body: text, headers: { 'content-type': 'application/json' } };
    }
    // To a streaming request: a proxy that ignores stream: true and answers JSON.
    return turns.path === 'call' ? body : { status: 200, body };
  }
  let sse =
    envelope === 'noChoices'
      ? sseEvents([{ ...withoutChoices, object: 'chat.completion.chunk' }])
      : sseFromChatCompletion(withFunctions(completion), { argumentsFragmentSize: 5 });
  const events = sse.split('\n\n').filter((event) => event !== '');
  if (envelope === 'truncated') sse = `${events.slice(0, 2).join('\n\n')}\n\ndata: {"id":"x","object":"c\n\n`;
  if (envelope === 'cut') sse = `${events.slice(0, Math.max(1, events.length - 3)).join('\n\n')}\n\n`;
  const bytes = Buffer.byteLength(sse);
  return { sse, splitAt: turns.splits.map((f) => Math.floor(f * bytes)) };
}

/** The SSE builder needs a `function` on every call: a call without one streams as a nameless call. */
function withFunctions(completion: WireChatCompletion): WireChatCompletion {
  return {
    ...completion,
    choices: completion.choices.map((choice) => ({
      ...choice,
      message: {
        ...choice.message,
        ...(choice.message.tool_calls === undefined
          ? {}
          : { tool_calls: choice.message.tool_calls.map((call) => ({ ...call, function: call.function ?? {} })) }),
      },
    })),
  };
}

/** Every tool_call id is answered once, right after its message, in order; no tool message answers nothing. */
function everyCallAnsweredOnce(request: WireChatRequest): boolean {
  const messages = request.messages;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message.role === 'tool') return false; // not consumed as the answer of a call before it
    const ids = (message.tool_calls ?? []).map((c) => c.id);
    if (ids.length === 0) continue;
    const answers = messages.slice(i + 1, i + 1 + ids.length);
    const ok =
      new Set(ids).size === ids.length &&
      ids.every((id, k) => typeof id === 'string' && id.trim() !== '' && answers[k]?.tool_call_id === id);
    if (!ok || answers.some((a) => a.role !== 'tool')) return false;
    i += ids.length;
  }
  return true;
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

describe(ChatClient, () => {
  describe('when the model answers with malformed responses (fuzz, fixed seed)', () => {
    let server: OpenAiWireServer;
    let queue: WireStepResult[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);

    beforeAll(async () => {
      process.on('unhandledRejection', onUnhandled);
      server = await OpenAiWireServer.start({
        handler: () => queue.shift() ?? chatCompletion({ content: 'Done.' }),
      });
    });
    afterAll(async () => {
      process.off('unhandledRejection', onUnhandled);
      await server.close();
    });

    it('should keep every invariant: no uncaught error, calls answered once, no secret, no unattached tool, user message, arguments as sent', async () => {
      const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0 });
      await fc.assert(
        fc.asyncProperty(genTurns, async (turns) => {
          queue = turns.responses.map((response, round) =>
            step(toCompletion(response, round), response.envelope, turns),
          );
          const runs: ToolRun[] = [];
          const tool = (name: string) =>
            recordingTool(name, (input) => {
              runs.push({ name, input });
              return `${name} ok`;
            });
          const manager = DefaultToolCallingManager.builder()
            .toolCallbackResolver(new StaticToolCallbackResolver([tool('dropTables')]))
            .build();
          let builder = ChatClient.builder(model, {
            toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolCallingManager(manager),
          })
            .defaultTools(...ATTACHED.map(tool))
            .defaultToolContext({ secret: SECRET });
          if (turns.memory !== 'none') {
            const order = ToolCallingAdvisor.DEFAULT_ORDER + (turns.memory === 'inside' ? 1 : -1);
            builder = builder.defaultAdvisors(
              MessageChatMemoryAdvisor.builder(MessageWindowChatMemory.builder().build()).order(order).build(),
            );
          }
          if (turns.system) builder = builder.defaultSystem('You are the order desk.');
          const client = builder.build();
          const before = server.requests.length;

          for (const question of QUESTIONS) {
            const served = server.requests.length;
            const spec = client.prompt(question).advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1'));
            try {
              if (turns.path === 'call') await spec.call().content();
              else for await (const _piece of spec.stream().content());
            } catch (error) {
              expect(SproutError.isInstance(error)).toBe(true);
              expect(EmptyPromptError.isInstance(error)).toBe(false);
            }
            for (const request of server.requests.slice(served)) {
              expect(request.messages.some((m) => m.role === 'user' && m.content === question)).toBe(true);
            }
            queue = []; // what the first turn left unserved is not served to the second
          }

          const requests = server.recordedRequests.slice(before);
          for (const request of requests) {
            expect(everyCallAnsweredOnce(request.body)).toBe(true);
            expect(request.rawBody).not.toContain(SECRET);
          }
          // Each run used up one call of its tool that was sent with those arguments.
          const unused = turns.responses.flatMap((response) =>
            response.calls.map((call) => ({ name: wireName(call.name), input: intendedInput(call) })),
          );
          for (const run of runs) {
            expect(ATTACHED).toContain(run.name);
            const k = unused.findIndex(
              (c) => c.name === run.name && c.input !== undefined && isDeepEqual(c.input, run.input),
            );
            expect({ run, sentWithThoseArguments: k >= 0 }).toEqual({ run, sentWithThoseArguments: true });
            unused.splice(k, 1);
          }
          expect(unhandled).toEqual([]);
        }),
        { numRuns: 200, seed: 20261217, endOnFailure: true },
      );
    }, 60_000); // about 5 s here; room for a busy CI machine
  });
});
