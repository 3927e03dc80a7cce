import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ChatResponse, Prompt, type ToolCall, toolCallDeltasOf } from '@sprout-ai/core';
import {
  chatCompletion,
  OpenAiWireServer,
  splitEvery,
  sseEvents,
  sseTranscript,
  type WireScriptStep,
} from '@sprout-ai/test';
import emptyArguments from './__fixtures__/01-empty-arguments.json';
import doubleEncodedArguments from './__fixtures__/03-double-encoded-arguments.json';
import finishReasonWithoutCalls from './__fixtures__/05-finish-reason-without-calls.json';
import emptyToolCallId from './__fixtures__/08-empty-tool-call-id.json';
import { OpenAiApiError } from './openai-api-error';
import { OpenAiChatModel, type OpenAiChatModelOptions } from './openai-chat-model';

const indexReuse = sseTranscript(readFileSync(join(__dirname, '__fixtures__', '04-stream-index-reuse.sse'), 'utf8'));

async function collect(stream: AsyncIterable<ChatResponse>): Promise<ChatResponse[]> {
  const chunks: ChatResponse[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

function textOf(chunks: readonly ChatResponse[]): string {
  return chunks.map((c) => c.result?.output.text ?? '').join('');
}

function callsOf(chunks: readonly ChatResponse[]): readonly ToolCall[] {
  return chunks[chunks.length - 1].result?.output.toolCalls ?? [];
}

function chunk(delta: Record<string, unknown>, finishReason: string | null = null): unknown {
  return {
    id: 's1',
    object: 'chat.completion.chunk',
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

describe(OpenAiChatModel, () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function streamWith(
    script: readonly WireScriptStep[],
    options: Omit<OpenAiChatModelOptions, 'baseUrl'> = {},
  ): Promise<{ chunks: ChatResponse[]; wire: OpenAiWireServer }> {
    const wire = await OpenAiWireServer.start({ script });
    server = wire;
    const model = new OpenAiChatModel({ apiKey: 'sk-test', maxRetries: 0, ...options, baseUrl: wire.baseUrl });
    return { chunks: await collect(model.stream(new Prompt('hi'))), wire };
  }

  describe('.stream', () => {
    it('should yield the text as it arrives, then a last chunk with finish reason, id, model and usage', async () => {
      const { chunks, wire } = await streamWith([
        chatCompletion({
          id: 'chatcmpl-9',
          content: 'Your order has shipped.',
          usage: { promptTokens: 9, completionTokens: 5 },
        }),
      ]);

      expect(chunks.length).toBeGreaterThan(3);
      expect(textOf(chunks)).toBe('Your order has shipped.');
      const last = chunks[chunks.length - 1];
      expect(last.result?.metadata.finishReason).toBe('stop');
      expect(last.metadata).toMatchObject({
        id: 'chatcmpl-9',
        model: 'gpt-4o-mini',
        usage: { promptTokens: 9, completionTokens: 5, totalTokens: 14 },
      });
      expect(wire.requests[0]).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    });

    it('should send a fresh request each time the returned stream is iterated', async () => {
      const wire = await OpenAiWireServer.start({
        script: [chatCompletion({ content: 'first' }), chatCompletion({ content: 'second' })],
      });
      server = wire;
      const model = new OpenAiChatModel({ apiKey: 'sk-test', maxRetries: 0, baseUrl: wire.baseUrl });
      const stream = model.stream(new Prompt('hi'));
      expect(wire.requests).toHaveLength(0);

      expect(textOf(await collect(stream))).toBe('first');
      expect(textOf(await collect(stream))).toBe('second');
      expect(wire.requests).toHaveLength(2);
    });

    it('should assemble interleaved calls whose arguments are split mid-escape and mid-UTF-8 character', async () => {
      const a = '{"path":"a.txt","text":"line\\n\\"quoted\\" 订单 ✓"}';
      const b = '{"path":"b.txt","text":"two"}';
      const sse = sseEvents([
        chunk({
          role: 'assistant',
          tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'writeFile', arguments: '' } }],
        }),
        chunk({
          tool_calls: [
            { index: 1, id: 'call_b', type: 'function', function: { name: 'writeFile', arguments: b.slice(0, 9) } },
          ],
        }),
        ...Array.from(a).map((char) => chunk({ tool_calls: [{ index: 0, function: { arguments: char } }] })),
        chunk({ tool_calls: [{ index: 1, function: { arguments: b.slice(9) } }] }),
        chunk({}, 'tool_calls'),
      ]);

      const { chunks } = await streamWith([{ sse, splitAt: splitEvery(5) }]);

      expect(callsOf(chunks)).toEqual([
        { id: 'call_a', type: 'function', name: 'writeFile', arguments: a },
        { id: 'call_b', type: 'function', name: 'writeFile', arguments: b },
      ]);
      expect(chunks[chunks.length - 1].result?.metadata.finishReason).toBe('tool_calls');
    });

    it('should report each call as tool-call deltas before the last chunk', async () => {
      const { chunks } = await streamWith([
        chatCompletion({ toolCalls: [{ id: 'call_1', name: 'getOrderStatus', arguments: { orderId: 'A123' } }] }),
      ]);

      const deltas = chunks.flatMap((c) => c.results.flatMap((g) => toolCallDeltasOf(g.metadata)));
      expect(deltas[0]).toEqual({ index: 0, id: 'call_1', name: 'getOrderStatus', argumentsDelta: '', first: true });
      expect(deltas.slice(1).every((d) => !d.first && d.id === 'call_1')).toBe(true);
      expect(deltas.map((d) => d.argumentsDelta).join('')).toBe('{"orderId":"A123"}');
      expect(chunks.slice(0, -1).every((c) => !c.hasToolCalls())).toBe(true);
    });

    describe('when a server reuses index 0 for different ids (04-stream-index-reuse)', () => {
      const expected = [
        { id: 'call_a', type: 'function', name: 'writeFile', arguments: '{"path":"a.txt","text":"one"}' },
        { id: 'call_b', type: 'function', name: 'writeFile', arguments: '{"path":"b.txt","text":"two"}' },
      ];

      it('should return two separate calls with their own arguments', async () => {
        const { chunks } = await streamWith([{ sse: indexReuse, splitAt: splitEvery(13) }]);

        expect(callsOf(chunks)).toEqual(expected);
      });

      it('should do the same when the index key is left out (variant)', async () => {
        const withoutIndex = indexReuse.replace(/"index":0,"id"/g, '"id"');
        expect(withoutIndex).not.toContain('"tool_calls":[{"index"');

        const { chunks } = await streamWith([{ sse: withoutIndex }]);

        expect(callsOf(chunks)).toEqual(expected);
      });
    });

    describe('when a fragment without a name comes under an id or index no call has', () => {
      const args = '{"orderId":"A123","includeItems":true}';
      const tc = (delta: Record<string, unknown>) => chunk({ tool_calls: [delta] });

      it.each([
        [
          'the id changes at the same index partway through',
          [
            tc({ index: 0, id: 'call_first', type: 'function', function: { name: 'getOrder', arguments: '' } }),
            tc({ index: 0, id: 'call_second', function: { arguments: '{"orderId":' } }),
            tc({ index: 0, id: 'call_third', function: { arguments: '"A123","includeItems":true}' } }),
          ],
          'call_first',
        ],
        [
          'the call starts at index 1 and goes on at index 0 (Qwen3)',
          [
            tc({ index: 1, id: 'call_q', type: 'function', function: { name: 'getOrder', arguments: '' } }),
            tc({ index: 0, function: { arguments: '{"orderId":"A123",' } }),
            tc({ index: 0, function: { arguments: '"includeItems":true}' } }),
          ],
          'call_q',
        ],
        [
          'every chunk carries a fresh id and no index',
          [
            tc({ id: 'x1', type: 'function', function: { name: 'getOrder', arguments: '{"orderId":"A123",' } }),
            tc({ id: 'x2', function: { arguments: '"includeItems":true}' } }),
          ],
          'x1',
        ],
      ])('should join the one call it continues: %s', async (_shape, deltas, id) => {
        const { chunks } = await streamWith([{ sse: sseEvents([...deltas, chunk({}, 'tool_calls')]) }]);

        expect(callsOf(chunks)).toEqual([{ id, type: 'function', name: 'getOrder', arguments: args }]);
      });

      it('should mark every call of the response when the fragment could belong to more than one', async () => {
        const sse = sseEvents([
          tc({ index: 0, id: 'call_a', type: 'function', function: { name: 'getOrder', arguments: '' } }),
          tc({ index: 1, id: 'call_b', type: 'function', function: { name: 'getOrder', arguments: '' } }),
          tc({ index: 5, function: { arguments: '{"orderId":"A123"}' } }),
          chunk({}, 'tool_calls'),
        ]);

        const { chunks } = await streamWith([{ sse }]);

        const calls = callsOf(chunks);
        expect(calls.map((c) => [c.id, c.arguments])).toEqual([
          ['call_a', ''],
          ['call_b', ''],
        ]);
        for (const call of calls) expect(call.argumentsProblem).toMatch(/could not be matched to a tool call/);
      });

      // Found by the fuzz of malformed responses (chat-client): the other call's arguments ran the named tool.
      it.each([
        ['a new id', { id: 'call_nameless' }],
        ['an id that is not a string and a type', { id: 42, type: 'function' }],
        ['the id of the call at index 0', { id: 'call_a', type: 'function' }],
      ])(
        'should not join a nameless call that starts at a new index with %s to the only call, and mark every call',
        async (_shape, start) => {
          const sse = sseEvents([
            tc({ index: 0, id: 'call_a', type: 'function', function: { name: 'getOrder' } }),
            tc({ index: 1, ...start, function: { name: '', arguments: '' } }),
            tc({ index: 1, function: { arguments: '{"orderId":' } }),
            tc({ index: 1, function: { arguments: '"B2"}' } }),
            chunk({}, 'tool_calls'),
          ]);

          const { chunks } = await streamWith([{ sse }]);

          const calls = callsOf(chunks);
          expect(calls.map((c) => [c.id, c.name, c.arguments])).toEqual([['call_a', 'getOrder', '']]);
          expect(calls[0].argumentsProblem).toMatch(/could not be matched to a tool call/);
        },
      );

      it('should keep two calls that share an id but start at different indexes apart', async () => {
        const sse = sseEvents([
          tc({
            index: 0,
            id: 'call_1',
            type: 'function',
            function: { name: 'getOrder', arguments: '{"orderId":"A1"}' },
          }),
          tc({
            index: 1,
            id: 'call_1',
            type: 'function',
            function: { name: 'getOrder', arguments: '{"orderId":"B2"}' },
          }),
          chunk({}, 'tool_calls'),
        ]);

        const { chunks } = await streamWith([{ sse }]);

        expect(callsOf(chunks).map((c) => c.arguments)).toEqual(['{"orderId":"A1"}', '{"orderId":"B2"}']);
      });
    });

    it('should stream a refusal as the answer text and keep it on the last chunk', async () => {
      const sse = sseEvents([
        chunk({ role: 'assistant', content: null, refusal: '' }),
        chunk({ refusal: "I'm sorry, " }),
        chunk({ refusal: 'I cannot help with that.' }),
        chunk({}, 'stop'),
      ]);

      const { chunks } = await streamWith([{ sse }]);

      expect(textOf(chunks)).toBe("I'm sorry, I cannot help with that.");
      expect(chunks[chunks.length - 1].result?.output.metadata).toMatchObject({
        refusal: "I'm sorry, I cannot help with that.",
      });
    });

    it('should read a one-choice stream whose chunks count the choice index upward as one answer', async () => {
      const sse = sseEvents(
        ['Wh', 'isper', 's of ', 'wind'].map((content, index) => ({
          id: 's1',
          object: 'chat.completion.chunk',
          model: 'm',
          choices: [{ index, delta: { content }, finish_reason: index === 3 ? 'stop' : null }],
        })),
      );

      const { chunks } = await streamWith([{ sse }]);

      const last = chunks[chunks.length - 1];
      expect(last.results).toHaveLength(1);
      expect(textOf(chunks)).toBe('Whispers of wind');
      expect(last.result?.metadata.finishReason).toBe('stop');
    });

    it('should not concatenate a name that is repeated in every chunk', async () => {
      const sse = sseEvents([
        chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'searchDocs', arguments: '{"query":' } }] }),
        chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'searchDocs', arguments: '"refunds"}' } }] }),
        chunk({}, 'tool_calls'),
      ]);

      const { chunks } = await streamWith([{ sse }]);

      expect(callsOf(chunks)).toEqual([
        { id: 'call_1', type: 'function', name: 'searchDocs', arguments: '{"query":"refunds"}' },
      ]);
    });

    it("should return '' arguments for a no-parameter call that never gets a fragment (01-empty-arguments)", async () => {
      const sse = sseEvents([
        chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'listProjects' } }] }),
        chunk({}, 'tool_calls'),
      ]);

      const { chunks } = await streamWith([{ sse }]);

      expect(callsOf(chunks)).toEqual([{ id: 'call_1', type: 'function', name: 'listProjects', arguments: '' }]);
    });

    it('should stream 01-empty-arguments as served from its completion', async () => {
      const { chunks } = await streamWith([emptyArguments]);

      expect(callsOf(chunks)).toEqual([{ id: 'call_1', type: 'function', name: 'listProjects', arguments: '' }]);
    });

    it('should keep the two calls of 08-empty-tool-call-id apart by index, ids blank as sent (the loop synthesizes them)', async () => {
      const { chunks } = await streamWith([emptyToolCallId]);

      const calls = callsOf(chunks);
      expect(calls.map((c) => c.arguments)).toEqual(['{}', '{"channel":"beta"}']);
      expect(calls.map((c) => c.id)).toEqual(['', '']);
      const deltas = chunks.flatMap((c) => c.results.flatMap((g) => toolCallDeltasOf(g.metadata)));
      expect(new Set(deltas.map((d) => d.index))).toEqual(new Set([0, 1]));
    });

    it('should turn object arguments into JSON text and keep double-encoded text as sent (03-double-encoded-arguments)', async () => {
      const { chunks } = await streamWith([doubleEncodedArguments]);

      expect(callsOf(chunks)).toEqual([
        { id: 'call_2', type: 'function', name: 'getForecast', arguments: '"{\\"districtId\\": \\"370100\\"}"' },
        { id: 'call_3', type: 'function', name: 'getForecast', arguments: '{"districtId":"370100"}' },
      ]);
    });

    it.each(['', '\n', '\t', ' \r\n '])(
      'should take arguments sent as an object over the blank text fragments %j around them',
      async (blank) => {
        const sse = sseEvents([
          chunk({ tool_calls: [{ index: 0, id: 'call_4', function: { name: 'getForecast', arguments: blank } }] }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: { districtId: '370100' } } }] }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: blank } }] }),
          chunk({}, 'tool_calls'),
        ]);

        const { chunks } = await streamWith([{ sse }]);

        expect(callsOf(chunks)).toEqual([
          { id: 'call_4', type: 'function', name: 'getForecast', arguments: '{"districtId":"370100"}' },
        ]);
      },
    );

    describe('when finish_reason and the calls disagree (05-finish-reason-without-calls)', () => {
      it("should treat 'tool_calls' with an empty list as a text answer", async () => {
        const { chunks } = await streamWith([finishReasonWithoutCalls]);

        expect(textOf(chunks)).toBe('Let me check that for you.');
        expect(chunks.some((c) => c.hasToolCalls())).toBe(false);
        expect(chunks[chunks.length - 1].result?.metadata.finishReason).toBe('tool_calls');
      });

      it("should keep the calls of a 'stop' response that has one (variant)", async () => {
        const { chunks } = await streamWith([
          chatCompletion({
            toolCalls: [{ id: 'call_5', name: 'getOrderStatus', arguments: '{"orderId":"A1"}' }],
            finishReason: 'stop',
          }),
        ]);

        expect(callsOf(chunks)).toEqual([
          { id: 'call_5', type: 'function', name: 'getOrderStatus', arguments: '{"orderId":"A1"}' },
        ]);
      });
    });

    it("should hand back truncated arguments as sent when the stream ends with finish_reason 'length'", async () => {
      const sse = sseEvents([
        chunk({
          tool_calls: [{ index: 0, id: 'call_1', function: { name: 'writeFile', arguments: '{"path":"a.txt","te' } }],
        }),
        chunk({}, 'length'),
      ]);

      const { chunks } = await streamWith([{ sse }]);

      expect(callsOf(chunks)).toEqual([
        { id: 'call_1', type: 'function', name: 'writeFile', arguments: '{"path":"a.txt","te' },
      ]);
      expect(chunks[chunks.length - 1].result?.metadata.finishReason).toBe('length');
    });

    describe('when the content holds <tool_call> markup beside real calls', () => {
      const markup = 'Checking both.<tool_call>{"name": "getOrderStatus", "arguments": {"orderId": "B2"}}</tool_call>';
      const completion = chatCompletion({
        content: markup,
        toolCalls: [{ id: 'call_1', name: 'getOrderStatus', arguments: { orderId: 'A1' } }],
      });

      it('should never show the markup as text', async () => {
        const { chunks } = await streamWith([completion]);

        expect(textOf(chunks)).toBe('Checking both.');
        expect(callsOf(chunks).map((c) => c.id)).toEqual(['call_1']);
      });

      it("should turn it into a call with hermesToolCalls: 'parse'", async () => {
        const { chunks } = await streamWith([completion], { hermesToolCalls: 'parse' });

        expect(textOf(chunks)).toBe('Checking both.');
        expect(callsOf(chunks).map((c) => [c.name, c.arguments])).toEqual([
          ['getOrderStatus', '{"orderId":"A1"}'],
          ['getOrderStatus', '{"orderId":"B2"}'],
        ]);
      });

      it('should strip it in .call() as well', async () => {
        const wire = await OpenAiWireServer.start({ script: [completion] });
        server = wire;
        const model = new OpenAiChatModel({ apiKey: 'k', maxRetries: 0, baseUrl: wire.baseUrl });

        const response = await model.call(new Prompt('hi'));

        expect(response.result?.output.text).toBe('Checking both.');
        expect(response.result?.output.toolCalls).toHaveLength(1);
      });
    });

    it('should reject with OpenAiApiError when an event is not JSON', async () => {
      const sse = `data: ${JSON.stringify(chunk({ content: 'ok' }))}\n\ndata: {not json\n\n`;

      const stream = streamWith([{ sse }]);

      await expect(stream).rejects.toBeInstanceOf(OpenAiApiError);
      await expect(stream).rejects.toThrow(/broke off or carried an event that is not a JSON chat.completion.chunk/);
    });

    it('should not print the event on the console (the error says what happened)', async () => {
      const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const sse = `data: {"secret":"sk-live-123", not json\n\n`;

        await expect(streamWith([{ sse }])).rejects.toBeInstanceOf(OpenAiApiError);

        expect(consoleError).not.toHaveBeenCalled();
      } finally {
        consoleError.mockRestore();
      }
    });

    it('should reject with OpenAiApiError naming the status when the server refuses the stream', async () => {
      const stream = streamWith([{ status: 401, body: { error: { message: 'Incorrect API key provided.' } } }]);

      await expect(stream).rejects.toThrow(/answered 401 Unauthorized: Incorrect API key provided/);
    });
  });
});
