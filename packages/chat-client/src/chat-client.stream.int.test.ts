import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FunctionToolCallback, type ToolCallback } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import {
  captureLogLines,
  chatCompletion,
  OpenAiWireServer,
  splitEvery,
  sseEvents,
  sseTranscript,
  type WireChatCompletion,
  type WireChatRequest,
  type WireScriptStep,
} from '@sprout-ai/test';
import { declareOrderTools } from './__fixtures__/tools';
import { ChatClient } from './chat-client';
import type { ChatClientStreamEvent } from './stream/chat-client-stream-event';

const CASES = join(__dirname, '..', '..', 'openai', 'src', '__fixtures__');
const indexReuse = sseTranscript(readFileSync(join(CASES, '04-stream-index-reuse.sse'), 'utf8'));
const fixture = (name: string): WireChatCompletion =>
  JSON.parse(readFileSync(join(CASES, name), 'utf8')) as WireChatCompletion;

/** A function tool with an object schema that records the inputs it ran with. */
function tool(
  name: string,
  properties: Record<string, unknown> = {},
  answer: (input: Record<string, unknown>) => unknown = () => ({ ok: true }),
): ToolCallback & { readonly inputs: Record<string, unknown>[] } {
  const inputs: Record<string, unknown>[] = [];
  const callback = FunctionToolCallback.builder(name, (input) => {
    inputs.push(input);
    return answer(input);
  })
    .description(`The ${name} tool`)
    .inputSchema({ type: 'object', properties, required: Object.keys(properties) })
    .build();
  return Object.assign(callback, { inputs });
}

function withToolCalls(calls: unknown[], base: Partial<WireChatCompletion['choices'][0]> = {}): WireChatCompletion {
  const completion = chatCompletion({ toolCalls: [{ name: 'placeholder' }] });
  const choice = completion.choices[0];
  return {
    ...completion,
    choices: [{ ...choice, ...base, message: { role: 'assistant', content: null, tool_calls: calls } as never }],
  };
}

type Mode = 'call' | 'stream';
const MODES: Mode[] = ['call', 'stream'];

describe(ChatClient, () => {
  const OrderTools = declareOrderTools();
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function clientFor(
    script: readonly WireScriptStep[] | ((b: WireChatRequest, i: number) => WireChatCompletion),
  ) {
    server = await OpenAiWireServer.start(typeof script === 'function' ? { handler: script } : { script });
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 });
    return { client: ChatClient.create(model), wire: server };
  }

  async function ask(
    mode: Mode,
    client: ChatClient,
    tools: ToolCallback[],
    question = 'Go',
  ): Promise<{ answer: string; events: ChatClientStreamEvent[] }> {
    const spec = client.prompt(question).tools(...tools);
    if (mode === 'call') return { answer: await spec.call().content(), events: [] };
    const events: ChatClientStreamEvent[] = [];
    for await (const event of spec.stream().events()) events.push(event);
    const answer = events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('');
    return { answer, events };
  }

  /** Every assistant tool_call id of each request is answered by exactly one tool message right after it, in order. */
  function expectPaired(requests: readonly WireChatRequest[]): void {
    for (const request of requests) {
      request.messages.forEach((message, i) => {
        const ids = (message.tool_calls ?? []).map((c) => c.id);
        if (ids.length === 0) {
          expect(message.tool_calls).toBeUndefined();
          return;
        }
        const answers = request.messages.slice(i + 1, i + 1 + ids.length);
        expect(answers.map((m) => [m.role, m.tool_call_id])).toEqual(ids.map((id) => ['tool', id]));
        expect(ids.every((id) => typeof id === 'string' && id !== '')).toBe(true);
        expect(new Set(ids).size).toBe(ids.length);
      });
    }
  }

  describe('.stream', () => {
    it('should stream the answer after running the tool, with typed events and the usage of all rounds', async () => {
      const { client, wire } = await clientFor([
        chatCompletion({
          content: 'Let me check.',
          toolCalls: [{ id: 'call_abc', name: 'getOrderStatus', arguments: { orderId: 'A123' } }],
          usage: { promptTokens: 20, completionTokens: 5 },
        }),
        chatCompletion({ content: 'Order A123 has shipped.', usage: { promptTokens: 30, completionTokens: 7 } }),
      ]);
      const tools = new OrderTools();

      const spec = client.prompt('Where is order A123?').tools(tools).toolContext({ customerId: 'c-42' }).stream();
      const events: ChatClientStreamEvent[] = [];
      for await (const event of spec.events()) events.push(event);

      const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
      expect(text).toBe('Let me check.Order A123 has shipped.');
      const kinds = events.map((e) => e.type).filter((type, i, all) => type !== all[i - 1]);
      expect(kinds).toEqual([
        'text-delta',
        'tool-call-start',
        'tool-call-delta',
        'tool-call',
        'tool-result',
        'text-delta',
        'finish',
      ]);
      expect(events.find((e) => e.type === 'tool-call')).toEqual({
        type: 'tool-call',
        toolCall: { id: 'call_abc', type: 'function', name: 'getOrderStatus', arguments: '{"orderId":"A123"}' },
        repairs: [],
      });
      expect(events.find((e) => e.type === 'tool-result')).toEqual({
        type: 'tool-result',
        id: 'call_abc',
        name: 'getOrderStatus',
        result: '"Order A123 has shipped"',
        status: 'success',
        durationMs: expect.any(Number),
      });
      expect(events[events.length - 1]).toMatchObject({
        type: 'finish',
        finishReason: 'stop',
        usage: { promptTokens: 50, completionTokens: 12, totalTokens: 62 },
      });
      expect(tools.seenCustomers).toEqual(['c-42']);
      expect(wire.requests.map((r) => r.stream)).toEqual([true, true]);
      expect(wire.requests[1].messages.slice(1)).toEqual([
        {
          role: 'assistant',
          content: 'Let me check.',
          tool_calls: [
            { id: 'call_abc', type: 'function', function: { name: 'getOrderStatus', arguments: '{"orderId":"A123"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_abc', content: '"Order A123 has shipped"' },
      ]);
    });

    it('should yield the answer text through .content() and chunks without tool calls through .chatResponse()', async () => {
      const script = [
        chatCompletion({ toolCalls: [{ id: 'c1', name: 'getOrderStatus', arguments: { orderId: 'A1' } }] }),
        chatCompletion({ content: 'A1 has shipped.' }),
      ];
      const { client } = await clientFor([...script, ...script]);
      const spec = client.prompt('A1?').tools(new OrderTools()).toolContext({ customerId: 'c' }).stream();

      const texts: string[] = [];
      for await (const text of spec.content()) texts.push(text);
      const chunks = [];
      for await (const chunk of spec.chatResponse()) chunks.push(chunk);

      expect(texts.join('')).toBe('A1 has shipped.');
      expect(texts.length).toBeGreaterThan(1);
      expect(chunks.some((c) => c.hasToolCalls())).toBe(false);
    });

    it('should send a forced tool_choice only on the first request of the turn (07-forced-tool-choice)', async () => {
      const forced = { type: 'function', function: { name: 'describeItem' } } as const;
      const describeItem = tool('describeItem');
      const { client, wire } = await clientFor((body) =>
        typeof body.tool_choice === 'object' || body.tool_choice === 'required'
          ? chatCompletion({ toolCalls: [{ name: 'describeItem', arguments: {} }] })
          : chatCompletion({ content: 'It is a teapot.' }),
      );

      let answer = '';
      for await (const text of client
        .prompt('What is it?')
        .tools(describeItem)
        .options({ toolChoice: forced })
        .stream()
        .content()) {
        answer += text;
      }

      expect(answer).toBe('It is a teapot.');
      expect(wire.requests.map((r) => r.tool_choice)).toEqual([forced, 'auto']);
      expect(describeItem.inputs).toEqual([{}]);
    });

    it('should run both calls of 04-stream-index-reuse separately and answer each', async () => {
      const writeFile = tool('writeFile', { path: { type: 'string' }, text: { type: 'string' } });
      const { client, wire } = await clientFor([
        { sse: indexReuse, splitAt: splitEvery(17) },
        chatCompletion({ content: 'Both written.' }),
      ]);

      const { answer, events } = await ask('stream', client, [writeFile]);

      expect(answer).toBe('Both written.');
      expect(writeFile.inputs).toEqual([
        { path: 'a.txt', text: 'one' },
        { path: 'b.txt', text: 'two' },
      ]);
      expect(events.filter((e) => e.type === 'tool-result').map((e) => (e.type === 'tool-result' ? e.id : ''))).toEqual(
        ['call_a', 'call_b'],
      );
      expectPaired(wire.requests);
    });

    it('should run the tool with {} when a streamed call never gets an arguments fragment', async () => {
      const listProjects = tool('listProjects');
      const sse = sseEvents([
        {
          id: 's',
          choices: [
            { index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', function: { name: 'listProjects' } }] } },
          ],
        },
        { id: 's', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
      ]);
      const { client, wire } = await clientFor([{ sse }, chatCompletion({ content: 'No projects.' })]);

      await ask('stream', client, [listProjects]);

      expect(listProjects.inputs).toEqual([{}]);
      expect(wire.requests[1].messages[1].tool_calls?.[0].function.arguments).toBe('{}');
    });

    it("should answer truncated arguments (finish_reason 'length') with an error result naming the tool and go on", async () => {
      const writeFile = tool('writeFile', { path: { type: 'string' } });
      const sse = sseEvents([
        {
          id: 's',
          choices: [
            {
              index: 0,
              delta: {
                tool_calls: [{ index: 0, id: 'call_1', function: { name: 'writeFile', arguments: '{"path":"a.t' } }],
              },
            },
          ],
        },
        { id: 's', choices: [{ index: 0, delta: {}, finish_reason: 'length' }] },
      ]);
      const { client, wire } = await clientFor([{ sse }, chatCompletion({ content: 'Sorry, retrying later.' })]);

      const { answer } = await ask('stream', client, [writeFile]);

      expect(answer).toBe('Sorry, retrying later.');
      expect(writeFile.inputs).toEqual([]);
      expect(wire.requests[1].messages[2]).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
      expect(wire.requests[1].messages[2].content).toMatch(
        /^Invalid arguments for tool 'writeFile': not valid JSON .*cut off/,
      );
    });
  });

  describe.each(MODES)('.%s with wire cases', (mode) => {
    it('should run a no-parameter tool once with {} and replay "{}" (01-empty-arguments)', async () => {
      const listProjects = tool('listProjects');
      const { client, wire } = await clientFor([
        fixture('01-empty-arguments.json'),
        chatCompletion({ content: 'None.' }),
      ]);

      await ask(mode, client, [listProjects]);

      expect(listProjects.inputs).toEqual([{}]);
      expect(wire.requests[1].messages[1].tool_calls?.[0]).toMatchObject({
        id: 'call_1',
        function: { arguments: '{}' },
      });
      expect(wire.requests[1].messages[2]).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    });

    it.each([[''], ['   '], ['\n'], ['\t'], [' \r\n '], ['\t\r\n'], [' \n\t \r\n \n ']])(
      'should warn once that the arguments %j are blank and run the tool with {} (01-empty-arguments)',
      async (args) => {
        const listProjects = tool('listProjects');
        const { client, wire } = await clientFor([
          withToolCalls([{ id: 'call_1', type: 'function', function: { name: 'listProjects', arguments: args } }]),
          chatCompletion({ content: 'None.' }),
        ]);

        const logs = captureLogLines();
        let records: Record<string, unknown>[];
        try {
          await ask(mode, client, [listProjects]);
          records = await logs.records();
        } finally {
          logs.restore();
        }

        expect(records.filter((r) => String(r.msg).includes('blank arguments'))).toEqual([
          expect.objectContaining({
            level: 40,
            toolName: 'listProjects',
            toolCallId: 'call_1',
            msg: "Tool call 'listProjects' has blank arguments; using {}",
          }),
        ]);
        expect(listProjects.inputs).toEqual([{}]);
        expect(wire.requests[1].messages[1].tool_calls?.[0].function.arguments).toBe('{}');
      },
    );

    describe('02-fenced-arguments', () => {
      const searchDocs = (): ReturnType<typeof tool> => tool('searchDocs', { query: { type: 'string' } });
      const fenced = '```json\n{"query": "refund policy"}\n```<|tool_call_end|><|tool_calls_end|>';

      it('should run the tool with the repaired arguments, record the repair and replay valid JSON', async () => {
        const docs = searchDocs();
        const { client, wire } = await clientFor([
          withToolCalls([{ id: 'call_1', type: 'function', function: { name: 'searchDocs', arguments: fenced } }]),
          chatCompletion({ content: 'Refunds take 5 days.' }),
        ]);

        const { answer, events } = await ask(mode, client, [docs]);

        expect(answer).toBe('Refunds take 5 days.');
        expect(docs.inputs).toEqual([{ query: 'refund policy' }]);
        expect(wire.requests[1].messages[1].tool_calls?.[0].function.arguments).toBe('{"query":"refund policy"}');
        if (mode === 'stream') {
          expect(events.find((e) => e.type === 'tool-call')).toMatchObject({
            repairs: ['markdown-fence', 'special-tokens'],
          });
        }
      });

      it('should drop the prose after the JSON value (variant)', async () => {
        const docs = searchDocs();
        const args = '{"query":"refund policy"}\n\nLet me search for that now.';
        const { client } = await clientFor([
          withToolCalls([{ id: 'call_1', type: 'function', function: { name: 'searchDocs', arguments: args } }]),
          chatCompletion({ content: 'Done.' }),
        ]);

        await ask(mode, client, [docs]);

        expect(docs.inputs).toEqual([{ query: 'refund policy' }]);
      });

      it('should answer text with no JSON value with an error result naming the tool, and continue the loop', async () => {
        const docs = searchDocs();
        const { client, wire } = await clientFor([
          withToolCalls([
            { id: 'call_1', type: 'function', function: { name: 'searchDocs', arguments: 'search refunds please' } },
          ]),
          chatCompletion({ content: 'Let me try again later.' }),
        ]);

        const { answer } = await ask(mode, client, [docs]);

        expect(answer).toBe('Let me try again later.');
        expect(docs.inputs).toEqual([]);
        expect(wire.requests[1].messages[2].content).toMatch(
          /^Invalid arguments for tool 'searchDocs': not valid JSON .*Send a JSON object that matches the tool's input schema\.$/,
        );
      });
    });

    it('should run both calls of 03-double-encoded-arguments with {districtId: "370100"}', async () => {
      const getForecast = tool('getForecast', { districtId: { type: 'string' } });
      const { client, wire } = await clientFor([
        fixture('03-double-encoded-arguments.json'),
        chatCompletion({ content: 'Sunny.' }),
      ]);

      await ask(mode, client, [getForecast]);

      expect(getForecast.inputs).toEqual([{ districtId: '370100' }, { districtId: '370100' }]);
      expect(wire.requests[1].messages[1].tool_calls?.map((c) => c.function.arguments)).toEqual([
        '{"districtId":"370100"}',
        '{"districtId":"370100"}',
      ]);
      expectPaired(wire.requests);
    });

    it.each([
      ['a number', '42'],
      ['an array', '["370100"]'],
      ['a bare string', '"370100"'],
    ])(
      'should answer %s for an object schema with an error result (03-double-encoded-arguments)',
      async (_label, args) => {
        const getForecast = tool('getForecast', { districtId: { type: 'string' } });
        const { client, wire } = await clientFor([
          withToolCalls([{ id: 'call_9', type: 'function', function: { name: 'getForecast', arguments: args } }]),
          chatCompletion({ content: 'Unknown.' }),
        ]);

        await ask(mode, client, [getForecast]);

        expect(getForecast.inputs).toEqual([]);
        expect(wire.requests[1].messages[2].content).toMatch(
          /^Invalid arguments for tool 'getForecast': expected a JSON object, got /,
        );
      },
    );

    describe('05-finish-reason-without-calls', () => {
      it("should take 'tool_calls' with an empty list plus text as the final answer", async () => {
        const { client, wire } = await clientFor([fixture('05-finish-reason-without-calls.json')]);

        const { answer } = await ask(mode, client, [tool('getOrderStatus')]);

        expect(answer).toBe('Let me check that for you.');
        expect(wire.requests).toHaveLength(1);
      });

      it("should still run calls that come with finish_reason 'stop' (variant)", async () => {
        const getOrderStatus = tool('getOrderStatus', { orderId: { type: 'string' } });
        const { client, wire } = await clientFor([
          chatCompletion({
            toolCalls: [{ id: 'call_5', name: 'getOrderStatus', arguments: { orderId: 'A1' } }],
            finishReason: 'stop',
          }),
          chatCompletion({ content: 'Shipped.' }),
        ]);

        const { answer } = await ask(mode, client, [getOrderStatus]);

        expect(answer).toBe('Shipped.');
        expect(getOrderStatus.inputs).toEqual([{ orderId: 'A1' }]);
        expectPaired(wire.requests);
      });
    });

    it('should answer a void tool with "Done", never null (06-void-result)', async () => {
      const setAlarm = tool('setAlarm', { time: { type: 'string' } }, () => undefined);
      const { client, wire } = await clientFor([
        chatCompletion({ toolCalls: [{ id: 'call_6', name: 'setAlarm', arguments: { time: '07:00' } }] }),
        chatCompletion({ content: 'Alarm set.' }),
      ]);

      await ask(mode, client, [setAlarm]);

      expect(wire.requests[1].messages[2]).toEqual({ role: 'tool', tool_call_id: 'call_6', content: '"Done"' });
    });

    it('should use one synthesized id per call in the assistant message and its tool message (08-empty-tool-call-id)', async () => {
      const getLatestVersion = tool('getLatestVersion', { channel: { type: 'string' } });
      const { client, wire } = await clientFor([
        fixture('08-empty-tool-call-id.json'),
        chatCompletion({ content: '2.1.0' }),
      ]);

      const { events } = await ask(mode, client, [getLatestVersion]);

      expectPaired(wire.requests);
      const ids = wire.requests[1].messages[1].tool_calls?.map((c) => c.id) ?? [];
      expect(ids).toEqual([expect.stringMatching(/^call_[0-9a-f]{32}$/), expect.stringMatching(/^call_[0-9a-f]{32}$/)]);
      if (mode === 'stream') {
        const seen = events.flatMap((e) =>
          e.type === 'tool-call' ? [e.toolCall.id] : e.type === 'tool-result' ? [e.id] : [],
        );
        expect(seen).toEqual([...ids, ...ids]);
      }
    });

    it('should never show <tool_call> markup as the answer', async () => {
      const markup =
        'The answer is 42.<tool_call>{"name": "getOrderStatus", "arguments": {"orderId": "B2"}}</tool_call>';
      const { client } = await clientFor([chatCompletion({ content: markup })]);

      const { answer } = await ask(mode, client, [tool('getOrderStatus', { orderId: { type: 'string' } })]);

      expect(answer).toBe('The answer is 42.');
    });
  });
});
