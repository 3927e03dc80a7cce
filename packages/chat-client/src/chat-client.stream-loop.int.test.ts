import { type ChatResponse, DefaultToolCallingManager, type ToolCallLimitBehavior, type Usage } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import {
  OpenAiWireServer,
  chatCompletion,
  sseEvents,
  sseFromChatCompletion,
  type WireScriptStep,
} from '@sprout-ai/test';
import { recordingTool } from './__fixtures__/tools';
import { ToolCallingAdvisor } from './advisor/tool-calling-advisor';
import { ChatClient } from './chat-client';
import type { ChatClientRequest } from './chat-client-request';
import type { ChatClientResponse } from './chat-client-response';

const usage = (promptTokens: number, completionTokens: number): Usage => ({
  promptTokens,
  completionTokens,
  totalTokens: promptTokens + completionTokens,
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const last = <T>(items: readonly T[]): T => items[items.length - 1];

/** The tool loop of `.stream()` over the real `openai` client and the test kit's SSE server. */
describe(ChatClient, () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function modelFor(
    script: readonly WireScriptStep[],
  ): Promise<{ model: OpenAiChatModel; wire: OpenAiWireServer }> {
    server = await OpenAiWireServer.start({ script });
    return {
      model: new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 }),
      wire: server,
    };
  }

  function limitedClient(model: OpenAiChatModel, behavior: ToolCallLimitBehavior): ChatClient {
    const manager = DefaultToolCallingManager.builder().maxCallsPerTool(1).onLimitExceeded(behavior).build();
    return ChatClient.create(model, {
      toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolCallingManager(manager),
    });
  }

  describe('.stream', () => {
    describe('when argument fragments of a streamed response match no call', () => {
      it('should run no tool with arguments it was not sent, and tell the model why, under each call id', async () => {
        const tc = (delta: Record<string, unknown>, finish: string | null = null) => ({
          id: 's1',
          object: 'chat.completion.chunk',
          model: 'm',
          choices: [{ index: 0, delta: { tool_calls: delta ? [delta] : undefined }, finish_reason: finish }],
        });
        const sse = sseEvents([
          tc({ index: 0, id: 'call_a', type: 'function', function: { name: 'lookup', arguments: '' } }),
          tc({ index: 1, id: 'call_b', type: 'function', function: { name: 'lookup', arguments: '' } }),
          tc({ index: 7, function: { arguments: '{"id":"A1"}' } }),
          {
            id: 's1',
            object: 'chat.completion.chunk',
            model: 'm',
            choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }],
          },
        ]);
        const { model, wire } = await modelFor([{ sse }, chatCompletion({ content: 'Let me ask again.' })]);
        const tool = recordingTool('lookup');

        const text = await collect(ChatClient.create(model).prompt('Where is A1?').tools(tool).stream().content());

        expect(text.join('')).toBe('Let me ask again.');
        expect(tool.records).toEqual([]);
        const second = wire.requests[1].messages;
        expect(second[1]).toMatchObject({
          role: 'assistant',
          tool_calls: [
            { id: 'call_a', function: { name: 'lookup', arguments: '{}' } },
            { id: 'call_b', function: { name: 'lookup', arguments: '{}' } },
          ],
        });
        expect(second.slice(2).map((m) => [m.role, m.tool_call_id])).toEqual([
          ['tool', 'call_a'],
          ['tool', 'call_b'],
        ]);
        for (const message of second.slice(2)) expect(message.content).toMatch(/did not arrive intact/);
      });
    });

    describe('when several rounds report usage', () => {
      it('should give the last chunk and the finish event the usage of every round', async () => {
        const { model, wire } = await modelFor([
          chatCompletion({ toolCalls: [{ name: 'lookup', arguments: { id: 'A1' } }], usage: usage(10, 20) }),
          chatCompletion({ toolCalls: [{ name: 'lookup', arguments: { id: 'A2' } }], usage: usage(5, 5) }),
          chatCompletion({ content: 'Both have shipped.', usage: { promptTokens: 1, completionTokens: 2 } }),
        ]);
        const tool = recordingTool('lookup');
        const spec = ChatClient.create(model).prompt('Where are A1 and A2?').tools(tool).stream();

        const chunks: ChatResponse[] = await collect(spec.chatResponse());

        expect(wire.requests).toHaveLength(3);
        expect(wire.requests.every((r) => r.stream === true)).toBe(true);
        expect(tool.records.map((r) => r.input)).toEqual([{ id: 'A1' }, { id: 'A2' }]);
        expect(chunks.map((c) => c.result?.output.text ?? '').join('')).toBe('Both have shipped.');
        expect(chunks.some((c) => c.hasToolCalls())).toBe(false);
        expect(chunks.filter((c) => c.metadata.usage !== undefined)).toEqual([last(chunks)]);
        expect(last(chunks).metadata.usage).toEqual({ promptTokens: 16, completionTokens: 27, totalTokens: 43 });
        expect(last(chunks).result?.metadata.finishReason).toBe('stop');
      });

      it('should end with a usage-only chunk when the final round streams no usage', async () => {
        const { model } = await modelFor([
          chatCompletion({ toolCalls: [{ name: 'lookup' }], usage: usage(10, 20) }),
          { sse: sseFromChatCompletion(chatCompletion({ content: 'Shipped.' }), { includeUsage: false }) },
        ]);
        const client = ChatClient.builder(model).defaultTools(recordingTool('lookup')).build();

        const chunks: ChatResponse[] = await collect(client.prompt('Where is A1?').stream().chatResponse());

        expect(chunks.map((c) => c.result?.output.text ?? '').join('')).toBe('Shipped.');
        expect(last(chunks).results).toEqual([]);
        expect(last(chunks).metadata.usage).toEqual(usage(10, 20));
        expect(chunks.slice(0, -1).every((c) => c.metadata.usage === undefined)).toBe(true);
      });
    });

    describe('when every tool of a round is returnDirect', () => {
      it('should stream the tool result as the answer without a second request', async () => {
        const { model, wire } = await modelFor([
          chatCompletion({
            content: 'Printing.',
            toolCalls: [{ id: 'call_lbl', name: 'printLabel', arguments: { id: 'A1' } }],
            usage: usage(7, 3),
          }),
        ]);
        const label = recordingTool('printLabel', (input) => `LABEL-${String(input.id)}`, true);
        const spec = ChatClient.create(model).prompt('Print the label of A1').tools(label).stream();

        const events = await collect(spec.events());

        expect(wire.requests).toHaveLength(1);
        expect(label.records).toHaveLength(1);
        const texts = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : []));
        expect(texts.join('')).toBe('Printing."LABEL-A1"');
        expect(last(texts)).toBe('"LABEL-A1"');
        expect(events.find((e) => e.type === 'tool-result')).toEqual({
          type: 'tool-result',
          id: 'call_lbl',
          name: 'printLabel',
          result: '"LABEL-A1"',
          status: 'success',
          durationMs: expect.any(Number),
        });
        const finish = last(events);
        expect(finish).toMatchObject({ type: 'finish', finishReason: 'returnDirect', usage: usage(7, 3) });
        const final = finish.type === 'finish' ? finish.chatResponse : undefined;
        expect(final?.results.map((g) => g.metadata)).toEqual([
          { finishReason: 'returnDirect', toolId: 'call_lbl', toolName: 'printLabel' },
        ]);
      });

      // 10: `.content()` showed only the first tool's result.
      it('should give every result, one per line in call order, as the content of .call() and .stream()', async () => {
        const twoDirectCalls = () =>
          chatCompletion({
            toolCalls: [
              { id: 'call_lbl', name: 'printLabel', arguments: { id: 'A1' } },
              { id: 'call_inv', name: 'printInvoice', arguments: { id: 'A1' } },
            ],
          });
        const { model } = await modelFor([twoDirectCalls(), twoDirectCalls(), twoDirectCalls()]);
        const label = recordingTool('printLabel', (input) => `LABEL-${String(input.id)}`, true);
        const invoice = recordingTool('printInvoice', (input) => `INVOICE-${String(input.id)}`, true);
        const spec = () => ChatClient.create(model).prompt('Print label and invoice of A1').tools(label, invoice);

        const expected = '"LABEL-A1"\n"INVOICE-A1"';
        expect(await spec().call().content()).toBe(expected);
        expect((await collect(spec().stream().content())).join('')).toBe(expected);
        const response = await spec().call().chatResponse();
        expect(response?.results.map((g) => [g.output.text, g.metadata.toolName])).toEqual([
          ['"LABEL-A1"', 'printLabel'],
          ['"INVOICE-A1"', 'printInvoice'],
        ]);
      });
    });

    describe('when a model keeps calling tools after every refusal (RETURN_ERROR_RESPONSE)', () => {
      const runaway: WireScriptStep = () =>
        chatCompletion({ toolCalls: [{ name: 'lookup', arguments: { id: 'A1' } }] });
      const clientFor = (model: OpenAiChatModel): ChatClient => {
        const manager = DefaultToolCallingManager.builder()
          .maxCallsPerTool(1)
          .maxRounds(4)
          .onLimitExceeded('RETURN_ERROR_RESPONSE')
          .build();
        return ChatClient.builder(model, {
          toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolCallingManager(manager),
        })
          .defaultTools(recordingTool('lookup'))
          .build();
      };
      const roundLimit =
        'Tool round limit (4) reached for this turn. No further tool calls are allowed; answer with what you have.';

      it('should end the turn once the rounds run out, in .call()', async () => {
        const { model, wire } = await modelFor(Array.from({ length: 10 }, () => runaway));

        const response = await clientFor(model).prompt('Where is A1?').call().chatResponse();

        expect(wire.requests).toHaveLength(5);
        expect(response?.result?.output.text).toBe(roundLimit);
        expect(response?.result?.metadata.finishReason).toBe('toolCallLimitExceeded');
      });

      it('should end the stream once the rounds run out, in .stream()', async () => {
        const { model, wire } = await modelFor(Array.from({ length: 10 }, () => runaway));

        const text = await collect(clientFor(model).prompt('Where is A1?').stream().content());

        expect(wire.requests).toHaveLength(5);
        expect(text.join('')).toBe(roundLimit);
      });
    });

    describe('when a tool call limit is exceeded in THROW mode', () => {
      it('should end with one limit generation carrying the usage of all rounds', async () => {
        const { model, wire } = await modelFor([
          chatCompletion({ toolCalls: [{ name: 'lookup' }], usage: usage(10, 1) }),
          chatCompletion({ toolCalls: [{ name: 'lookup' }], usage: usage(20, 2) }),
        ]);
        const tool = recordingTool('lookup');

        const chunks: ChatResponse[] = await collect(
          limitedClient(model, 'THROW').prompt('Look it up').tools(tool).stream().chatResponse(),
        );

        expect(wire.requests).toHaveLength(2);
        expect(tool.records).toHaveLength(1);
        const final = last(chunks);
        expect(final.results).toHaveLength(1);
        expect(final.result?.metadata.finishReason).toBe('toolCallLimitExceeded');
        expect(final.result?.output.text).toMatch(/Tool call limit \(1\) exceeded for tool 'lookup'/);
        expect(final.hasToolCalls()).toBe(false);
        expect(final.metadata.usage).toEqual({ promptTokens: 30, completionTokens: 3, totalTokens: 33 });
      });
    });

    describe('when a tool call limit is exceeded in RETURN_ERROR_RESPONSE mode', () => {
      it('should send the limit message as the tool result and stream the next round', async () => {
        const { model, wire } = await modelFor([
          chatCompletion({ toolCalls: [{ id: 'call_1', name: 'lookup' }], usage: usage(1, 1) }),
          chatCompletion({ toolCalls: [{ id: 'call_2', name: 'lookup' }], usage: usage(2, 2) }),
          chatCompletion({ content: 'I could not look it up twice.', usage: { promptTokens: 3, completionTokens: 3 } }),
        ]);
        const tool = recordingTool('lookup');

        const events = await collect(
          limitedClient(model, 'RETURN_ERROR_RESPONSE').prompt('Look it up').tools(tool).stream().events(),
        );

        expect(wire.requests).toHaveLength(3);
        expect(tool.records).toHaveLength(1);
        expect(last(wire.requests[2].messages)).toEqual({
          role: 'tool',
          tool_call_id: 'call_2',
          content: expect.stringMatching(/Tool call limit \(1\) exceeded for tool 'lookup'/),
        });
        expect(events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('')).toBe(
          'I could not look it up twice.',
        );
        expect(last(events)).toMatchObject({ type: 'finish', finishReason: 'stop', usage: usage(6, 6) });
      });
    });

    describe('when the user binds a ToolCallingAdvisor subclass overriding the stream hooks', () => {
      it('should run that advisor: its option changes reach the wire and its finalize hook the caller', async () => {
        class CoolingAdvisor extends ToolCallingAdvisor {
          readonly rounds: number[] = [];
          protected override doBeforeStream(request: ChatClientRequest): ChatClientRequest {
            const temperature = this.rounds.length === 0 ? 1 : 0;
            this.rounds.push(this.rounds.length + 1);
            return request.with({
              prompt: request.prompt.with({ options: { ...request.prompt.options, temperature } }),
            });
          }
          protected override async *doFinalizeLoopStream(
            trailing: AsyncIterable<ChatClientResponse>,
          ): AsyncIterable<ChatClientResponse> {
            for await (const response of trailing)
              yield response.with({ context: { ...response.context, ended: true } });
          }
        }
        const { model, wire } = await modelFor([
          chatCompletion({ toolCalls: [{ name: 'lookup' }], usage: usage(10, 20) }),
          { sse: sseFromChatCompletion(chatCompletion({ content: 'Done.' }), { includeUsage: false }) },
        ]);
        const advisor = CoolingAdvisor.builder().build();

        const responses = await collect(
          ChatClient.create(model)
            .prompt('Go')
            .tools(recordingTool('lookup'))
            .advisors(advisor)
            .stream()
            .chatClientResponse(),
        );

        expect(advisor.rounds).toEqual([1, 2]);
        expect(wire.requests.map((r) => r.temperature)).toEqual([1, 0]);
        expect(last(responses).context.ended).toBe(true);
        expect(last(responses).chatResponse?.metadata.usage).toEqual(usage(10, 20));
      });
    });

    describe('when the stream is iterated twice', () => {
      it('should send the requests of the whole turn again', async () => {
        const { model, wire } = await modelFor([
          chatCompletion({ toolCalls: [{ name: 'lookup' }], usage: usage(10, 20) }),
          chatCompletion({ content: 'one', usage: usage(1, 2) }),
          chatCompletion({ toolCalls: [{ name: 'lookup' }], usage: usage(10, 20) }),
          chatCompletion({ content: 'two', usage: usage(1, 2) }),
        ]);
        const responses = ChatClient.create(model).prompt('Go').tools(recordingTool('lookup')).stream().chatResponse();

        const first = await collect(responses);
        const second = await collect(responses);

        expect(wire.requests).toHaveLength(4);
        expect(wire.requests[2].messages).toHaveLength(1);
        expect(first.map((c) => c.result?.output.text ?? '').join('')).toBe('one');
        expect(second.map((c) => c.result?.output.text ?? '').join('')).toBe('two');
        expect(last(first).metadata.usage).toEqual(usage(11, 22));
        expect(last(second).metadata.usage).toEqual(usage(11, 22));
      });
    });
  });
});
