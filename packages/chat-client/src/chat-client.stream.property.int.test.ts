import { FunctionToolCallback } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import {
  chatCompletion,
  OpenAiWireServer,
  sseEvents,
  type WireChatRequest,
  type WireStepResult,
} from '@sprout-ai/test';
import fc from 'fast-check';
import { ChatClient } from './chat-client';

type Mutation = 'none' | 'fence' | 'tokens' | 'trailing' | 'double' | 'truncated' | 'garbage';
const REPAIRABLE: readonly Mutation[] = ['none', 'fence', 'tokens', 'trailing', 'double'];

interface GeneratedCall {
  readonly args: { path: string; text: string };
  readonly id: 'id' | 'empty' | 'missing';
  readonly mutation: Mutation;
  readonly cut: number;
}

interface GeneratedStream {
  readonly calls: readonly GeneratedCall[];
  readonly withIndex: boolean;
  readonly fragmentSize: number;
  readonly splitFractions: readonly number[];
}

function argumentText(call: GeneratedCall): string {
  const json = JSON.stringify(call.args);
  switch (call.mutation) {
    case 'none':
      return json;
    case 'fence':
      return '```json\n' + json + '\n```';
    case 'tokens':
      return json + '<|tool_call_end|><|tool_calls_end|>';
    case 'trailing':
      return json + '\n\nLet me write that file now.';
    case 'double':
      return JSON.stringify(json);
    case 'truncated':
      return json.slice(0, 1 + (call.cut % (json.length - 1)));
    case 'garbage':
      return 'I will write the file.';
  }
}

function toSse(stream: GeneratedStream): string {
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): unknown => ({
    id: 'p',
    object: 'chat.completion.chunk',
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  const perCall = stream.calls.map((call, index) => {
    const first: Record<string, unknown> = { type: 'function', function: { name: 'writeFile', arguments: '' } };
    if (stream.withIndex) first.index = index;
    const id = stream.withIndex ? call.id : 'id';
    if (id === 'id') first.id = `call_${index}`;
    if (id === 'empty') first.id = '';
    const text = argumentText(call);
    const deltas = [chunk({ tool_calls: [first] })];
    for (let i = 0; i < text.length; i += stream.fragmentSize) {
      const piece: Record<string, unknown> = { function: { arguments: text.slice(i, i + stream.fragmentSize) } };
      if (stream.withIndex) piece.index = index;
      deltas.push(chunk({ tool_calls: [piece] }));
    }
    return deltas;
  });
  const ordered: unknown[] = [];
  if (stream.withIndex) {
    for (let round = 0; perCall.some((d) => round < d.length); round++) {
      for (const deltas of perCall) if (round < deltas.length) ordered.push(deltas[round]);
    }
  } else {
    ordered.push(...perCall.flat());
  }
  return sseEvents([chunk({ role: 'assistant', content: '' }), ...ordered, chunk({}, 'tool_calls')]);
}

const text = fc.string({
  unit: fc.constantFrom('a', 'Z', ' ', '"', '\\', '\n', '订', '✓', '😀', '{', '}', ','),
  maxLength: 24,
});
const generatedCall = fc.record<GeneratedCall>({
  args: fc.record({ path: text, text }),
  id: fc.constantFrom('id', 'empty', 'missing'),
  mutation: fc.constantFrom<Mutation>('none', 'none', 'fence', 'tokens', 'trailing', 'double', 'truncated', 'garbage'),
  cut: fc.nat(),
});
const generatedStream = fc.record<GeneratedStream>({
  calls: fc.array(generatedCall, { minLength: 1, maxLength: 3 }),
  withIndex: fc.boolean(),
  fragmentSize: fc.integer({ min: 1, max: 12 }),
  splitFractions: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
});

/** True when every tool_call id of every request is answered once, right after its message, in order. */
function everyCallAnswered(requests: readonly WireChatRequest[]): boolean {
  return requests.every((request) =>
    request.messages.every((message, i) => {
      const ids = (message.tool_calls ?? []).map((c) => c.id);
      const answers = request.messages.slice(i + 1, i + 1 + ids.length);
      return (
        new Set(ids).size === ids.length &&
        ids.every(
          (id, k) =>
            typeof id === 'string' && id !== '' && answers[k]?.role === 'tool' && answers[k].tool_call_id === id,
        )
      );
    }),
  );
}

describe(ChatClient, () => {
  describe('.stream', () => {
    describe('when streams are split at random boundaries and arguments are mutated', () => {
      let server: OpenAiWireServer;
      let current: WireStepResult = chatCompletion();
      beforeAll(async () => {
        server = await OpenAiWireServer.start({
          handler: (body) =>
            body.messages.some((m) => m.role === 'tool') ? chatCompletion({ content: 'Written.' }) : current,
        });
      });
      afterAll(async () => {
        await server.close();
      });

      it('should never throw, answer every tool_call id, and run valid calls with unchanged arguments', async () => {
        const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0 });
        await fc.assert(
          fc.asyncProperty(generatedStream, async (stream) => {
            const sse = toSse(stream);
            const bytes = Buffer.byteLength(sse);
            current = { sse, splitAt: stream.splitFractions.map((f) => Math.floor(f * bytes)) };
            const inputs: unknown[] = [];
            const writeFile = FunctionToolCallback.builder<Record<string, unknown>, string>('writeFile', (input) => {
              inputs.push(input);
              return 'ok';
            })
              .inputSchema({
                type: 'object',
                properties: { path: { type: 'string' }, text: { type: 'string' } },
                required: ['path', 'text'],
              })
              .build();
            const before = server.requests.length;

            let answer = '';
            for await (const piece of ChatClient.create(model).prompt('Write').tools(writeFile).stream().content()) {
              answer += piece;
            }

            const requests = server.requests.slice(before);
            expect(answer).toBe('Written.');
            expect(requests).toHaveLength(2);
            expect(everyCallAnswered(requests)).toBe(true);
            expect(requests[1].messages[1].tool_calls).toHaveLength(stream.calls.length);
            const valid = stream.calls.filter((c) => REPAIRABLE.includes(c.mutation)).map((c) => c.args);
            expect(inputs).toEqual(valid);
          }),
          { numRuns: 40, seed: 20261130, endOnFailure: true },
        );
      }, 60_000); // 40 runs of two HTTP requests each: well over jest's 5 s default on a loaded machine
    });
  });
});
