import {
  AssistantMessage,
  ChatResponse,
  DefaultToolCallingManager,
  type Message,
  Prompt,
  SystemMessage,
  type ToolCallingChatOptions,
  type ToolExecutionResult,
  ToolResponseMessage,
  type Usage,
  UserMessage,
} from '@sprout-ai/core';
import { ScriptedChatModel, assistantText, assistantToolCalls } from '@sprout-ai/test';
import { recordingTool } from '../__fixtures__/tools';
import { ChatClientRequest } from '../chat-client-request';
import { ChatClientResponse } from '../chat-client-response';
import type { StreamAdvisor } from './api/stream-advisor';
import type { StreamAdvisorChain } from './api/stream-advisor-chain';
import { ChatModelStreamAdvisor } from './chat-model-stream-advisor';
import { DefaultStreamAdvisorChain } from './default-stream-advisor-chain';
import { ToolCallingAdvisor } from './tool-calling-advisor';

const usage = (promptTokens: number, completionTokens: number): Usage => ({
  promptTokens,
  completionTokens,
  totalTokens: promptTokens + completionTokens,
});

/** The advisor's stream, as handed to the outer advisors (nothing runs until it is iterated). */
function streamOf(
  advisor: StreamAdvisor,
  model: ScriptedChatModel,
  prompt: Prompt,
  others: readonly StreamAdvisor[] = [],
): AsyncIterable<ChatClientResponse> {
  const chain = DefaultStreamAdvisorChain.of([advisor, ...others, new ChatModelStreamAdvisor(model)]);
  return chain.nextStream(new ChatClientRequest(prompt));
}

async function collect(stream: AsyncIterable<ChatClientResponse>): Promise<ChatResponse[]> {
  const chunks: ChatResponse[] = [];
  for await (const chunk of stream) {
    if (chunk.chatResponse !== undefined) chunks.push(chunk.chatResponse);
  }
  return chunks;
}

const textOf = (chunks: readonly ChatResponse[]): string => chunks.map((c) => c.result?.output.text ?? '').join('');
const last = <T>(items: readonly T[]): T => items[items.length - 1];

function toolPrompt(options: ToolCallingChatOptions, messages: Message[] = [new UserMessage('Where is A1?')]): Prompt {
  return new Prompt(messages, options);
}

describe(ToolCallingAdvisor, () => {
  describe('.adviseStream', () => {
    describe('when the model asks for a tool', () => {
      it('should pass on the text of every round, drop the chunks carrying tool calls, and stream the next round', async () => {
        const tool = recordingTool('getOrderStatus', (input) => `Order ${String(input.id)} shipped`);
        const model = new ScriptedChatModel([
          assistantToolCalls([{ id: 'call_1', name: 'getOrderStatus', arguments: { id: 'A1' } }], {
            text: 'Checking. ',
          }),
          assistantText('A1 has shipped.'),
        ]);

        const chunks = await collect(streamOf(new ToolCallingAdvisor(), model, toolPrompt({ toolCallbacks: [tool] })));

        expect(textOf(chunks)).toBe('Checking. A1 has shipped.');
        expect(chunks.some((c) => c.hasToolCalls())).toBe(false);
        expect(last(chunks).result?.metadata.finishReason).toBe('stop');
        expect(tool.records.map((r) => r.input)).toEqual([{ id: 'A1' }]);
        const second = model.prompts[1].instructions;
        expect(second.map((m) => m.constructor.name)).toEqual([
          'UserMessage',
          'AssistantMessage',
          'ToolResponseMessage',
        ]);
        expect(second[1]).toEqual(
          new AssistantMessage(
            'Checking. ',
            [{ id: 'call_1', type: 'function', name: 'getOrderStatus', arguments: '{"id":"A1"}' }],
            { index: 0 },
          ),
        );
        expect((second[2] as ToolResponseMessage).responses).toEqual([
          { id: 'call_1', name: 'getOrderStatus', responseData: '"Order A1 shipped"' },
        ]);
      });
    });

    describe('when the prompt has no options', () => {
      it('should pass the chunks through, tool calls included, without executing tools', async () => {
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }])]);

        const chunks = await collect(streamOf(new ToolCallingAdvisor(), model, new Prompt('hi')));

        expect(last(chunks).hasToolCalls()).toBe(true);
        expect(model.prompts).toHaveLength(1);
      });
    });

    describe('when several rounds report usage', () => {
      it('should add the earlier rounds to every chunk that carries usage and add no usage-only chunk', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'lookup' }], { usage: usage(10, 20) }),
          assistantToolCalls([{ name: 'lookup' }], { usage: usage(5, 5) }),
          assistantText('done', { usage: usage(1, 2) }),
        ]);

        const chunks = await collect(
          streamOf(new ToolCallingAdvisor(), model, toolPrompt({ toolCallbacks: [recordingTool('lookup')] })),
        );

        const withUsage = chunks.filter((c) => c.metadata.usage !== undefined);
        expect(withUsage).toHaveLength(1);
        expect(withUsage[0]).toBe(last(chunks));
        expect(last(chunks).metadata.usage).toEqual({ promptTokens: 16, completionTokens: 27, totalTokens: 43 });
        expect(last(chunks).results).toHaveLength(1);
        expect(last(chunks).result?.metadata.finishReason).toBe('stop');
      });

      it('should end with a usage-only chunk holding the total when the final round reports no usage', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'lookup' }], { usage: usage(10, 20), model: 'm-1' }),
          assistantText('done', { model: 'm-2' }),
        ]);

        const chunks = await collect(
          streamOf(new ToolCallingAdvisor(), model, toolPrompt({ toolCallbacks: [recordingTool('lookup')] })),
        );

        expect(textOf(chunks)).toBe('done');
        const trailing = last(chunks);
        expect(trailing.results).toEqual([]);
        expect(trailing.metadata.usage).toEqual(usage(10, 20));
        expect(trailing.metadata.model).toBe('m-2');
        expect(chunks.slice(0, -1).every((c) => c.metadata.usage === undefined)).toBe(true);
      });

      it('should add no usage-only chunk when no round reports usage', async () => {
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);

        const chunks = await collect(
          streamOf(new ToolCallingAdvisor(), model, toolPrompt({ toolCallbacks: [recordingTool('lookup')] })),
        );

        expect(chunks.every((c) => c.results.length > 0 && c.metadata.usage === undefined)).toBe(true);
      });

      it('should treat a round with zero tokens as reporting no usage', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'lookup' }], { usage: usage(3, 4) }),
          assistantText('done', { usage: usage(0, 0) }),
        ]);

        const chunks = await collect(
          streamOf(new ToolCallingAdvisor(), model, toolPrompt({ toolCallbacks: [recordingTool('lookup')] })),
        );

        expect(last(chunks).results).toEqual([]);
        expect(last(chunks).metadata.usage).toEqual(usage(3, 4));
        expect(chunks[chunks.length - 2].metadata.usage).toEqual(usage(0, 0));
      });
    });

    describe('when every tool of a round is returnDirect', () => {
      it('should end with one chunk holding a generation per tool result and the usage of all rounds', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ id: 'c0', name: 'lookup' }], { usage: usage(10, 20) }),
          assistantToolCalls(
            [
              { id: 'c1', name: 'label', arguments: { id: 'A1' } },
              { id: 'c2', name: 'label', arguments: { id: 'A2' } },
            ],
            { text: 'Printing.', usage: usage(4, 2), model: 'm-2' },
          ),
        ]);
        const label = recordingTool('label', (input) => `LABEL-${String(input.id)}`, true);

        const chunks = await collect(
          streamOf(new ToolCallingAdvisor(), model, toolPrompt({ toolCallbacks: [recordingTool('lookup'), label] })),
        );

        expect(model.prompts).toHaveLength(2);
        expect(label.records).toHaveLength(2);
        expect(textOf(chunks.slice(0, -1))).toBe('Printing.');
        const final = last(chunks);
        expect(final.results.map((g) => [g.output.text, g.metadata])).toEqual([
          ['"LABEL-A1"', { finishReason: 'returnDirect', toolId: 'c1', toolName: 'label' }],
          ['"LABEL-A2"', { finishReason: 'returnDirect', toolId: 'c2', toolName: 'label' }],
        ]);
        expect(final.hasToolCalls()).toBe(false);
        expect(final.metadata.usage).toEqual({ promptTokens: 14, completionTokens: 22, totalTokens: 36 });
        expect(final.metadata.model).toBe('m-2');
      });
    });

    describe('when a tool call limit is exceeded in THROW mode', () => {
      it('should end with one limit generation carrying the usage of all rounds instead of throwing', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'lookup' }], { usage: usage(10, 1) }),
          assistantToolCalls([{ name: 'lookup' }], { usage: usage(20, 2) }),
        ]);
        const manager = DefaultToolCallingManager.builder().maxCallsPerTool(1).build();
        const tool = recordingTool('lookup');

        const chunks = await collect(
          streamOf(
            ToolCallingAdvisor.builder().toolCallingManager(manager).build(),
            model,
            toolPrompt({ toolCallbacks: [tool] }),
          ),
        );

        expect(tool.records).toHaveLength(1);
        expect(model.prompts).toHaveLength(2);
        const final = last(chunks);
        expect(final.results).toHaveLength(1);
        expect(final.result?.metadata.finishReason).toBe('toolCallLimitExceeded');
        expect(final.result?.output.text).toMatch(/Tool call limit \(1\) exceeded for tool 'lookup'/);
        expect(final.hasToolCalls()).toBe(false);
        expect(final.metadata.usage).toEqual({ promptTokens: 30, completionTokens: 3, totalTokens: 33 });
        expect(chunks.filter((c) => c.result?.metadata.finishReason !== undefined)).toEqual([final]);
      });

      it('should count the calls of the whole turn even with conversation history disabled', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'lookup' }]),
          assistantToolCalls([{ name: 'lookup' }]),
        ]);
        const manager = DefaultToolCallingManager.builder().maxCallsPerTool(1).build();
        const advisor = ToolCallingAdvisor.builder()
          .toolCallingManager(manager)
          .disableInternalConversationHistory()
          .build();

        const chunks = await collect(
          streamOf(advisor, model, toolPrompt({ toolCallbacks: [recordingTool('lookup')] })),
        );

        expect(model.prompts[1].instructions).toHaveLength(2);
        expect(last(chunks).result?.metadata.finishReason).toBe('toolCallLimitExceeded');
      });
    });

    describe('when a tool call limit is exceeded in RETURN_ERROR_RESPONSE mode', () => {
      it('should answer the call with the limit message and stream the next round', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ id: 'c1', name: 'lookup' }], { usage: usage(1, 1) }),
          assistantToolCalls([{ id: 'c2', name: 'lookup' }], { usage: usage(2, 2) }),
          assistantText('I could not look it up again.', { usage: usage(3, 3) }),
        ]);
        const manager = DefaultToolCallingManager.builder()
          .maxCallsPerTool(1)
          .onLimitExceeded('RETURN_ERROR_RESPONSE')
          .build();
        const tool = recordingTool('lookup');

        const chunks = await collect(
          streamOf(
            ToolCallingAdvisor.builder().toolCallingManager(manager).build(),
            model,
            toolPrompt({ toolCallbacks: [tool] }),
          ),
        );

        expect(tool.records).toHaveLength(1);
        expect(model.prompts).toHaveLength(3);
        const answer = last(model.prompts[2].instructions) as ToolResponseMessage;
        expect(answer.responses).toEqual([
          {
            id: 'c2',
            name: 'lookup',
            responseData: expect.stringMatching(/Tool call limit \(1\) exceeded for tool 'lookup'/),
            isError: true,
          },
        ]);
        expect(textOf(chunks)).toBe('I could not look it up again.');
        expect(last(chunks).result?.metadata.finishReason).toBe('stop');
        expect(last(chunks).metadata.usage).toEqual(usage(6, 6));
      });
    });

    describe('when conversation history is disabled', () => {
      it('should send only the system message and the tool results in later rounds', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'lookup' }]),
          assistantToolCalls([{ name: 'lookup' }]),
          assistantText('done'),
        ]);
        const advisor = ToolCallingAdvisor.builder().disableInternalConversationHistory().build();

        const chunks = await collect(
          streamOf(
            advisor,
            model,
            toolPrompt({ toolCallbacks: [recordingTool('lookup')] }, [
              new SystemMessage('Be brief.'),
              new UserMessage('Where is A1?'),
            ]),
          ),
        );

        expect(textOf(chunks)).toBe('done');
        for (const prompt of model.prompts.slice(1)) {
          expect(prompt.instructions).toHaveLength(2);
          expect(prompt.instructions[0]).toEqual(new SystemMessage('Be brief.'));
          expect(prompt.instructions[1]).toBeInstanceOf(ToolResponseMessage);
        }
      });

      it('should insert an empty system message when the prompt has none', async () => {
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);
        const advisor = ToolCallingAdvisor.builder().disableInternalConversationHistory().build();

        await collect(streamOf(advisor, model, toolPrompt({ toolCallbacks: [recordingTool('lookup')] })));

        expect(model.prompts[1].instructions[0]).toEqual(new SystemMessage(''));
        expect(model.prompts[1].instructions[1]).toBeInstanceOf(ToolResponseMessage);
      });
    });

    describe('when the stream is iterated twice', () => {
      it('should run the whole loop again with usage counted afresh', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'lookup' }], { usage: usage(10, 20) }),
          assistantText('first', { usage: usage(1, 2) }),
          assistantToolCalls([{ name: 'lookup' }], { usage: usage(10, 20) }),
          assistantText('second', { usage: usage(1, 2) }),
        ]);
        const tool = recordingTool('lookup');
        const stream = streamOf(new ToolCallingAdvisor(), model, toolPrompt({ toolCallbacks: [tool] }));

        const first = await collect(stream);
        const second = await collect(stream);

        expect(textOf(first)).toBe('first');
        expect(textOf(second)).toBe('second');
        expect(model.prompts).toHaveLength(4);
        expect(tool.records).toHaveLength(2);
        expect(model.prompts[2].instructions).toHaveLength(1);
        expect(last(first).metadata.usage).toEqual(usage(11, 22));
        expect(last(second).metadata.usage).toEqual(usage(11, 22));
      });
    });

    describe('when a subclass overrides the stream hooks', () => {
      class TracingAdvisor extends ToolCallingAdvisor {
        readonly trace: string[] = [];

        protected override doInitializeLoopStream(request: ChatClientRequest): ChatClientRequest {
          this.trace.push('initialize');
          return request.with({
            prompt: request.prompt.with({
              instructions: [new SystemMessage('Answer in French.'), ...request.prompt.instructions],
            }),
            context: { ...request.context, tenant: 't-1' },
          });
        }

        protected override doBeforeStream(request: ChatClientRequest): ChatClientRequest {
          const temperature = (request.prompt.options?.temperature ?? 0) + 1;
          this.trace.push(`before:${temperature}:${String(request.context.tenant)}`);
          return request.with({
            prompt: request.prompt.with({ options: { ...request.prompt.options, temperature } }),
          });
        }

        protected override async doAfterStream(response: ChatClientResponse): Promise<ChatClientResponse> {
          const chat = response.chatResponse;
          this.trace.push(
            `after:${chat?.hasToolCalls() === true ? 'tools' : JSON.stringify(chat?.result?.output.text)}`,
          );
          return Promise.resolve(response);
        }

        protected override doGetNextInstructionsForToolCallStream(
          request: ChatClientRequest,
          _response: ChatClientResponse,
          result: ToolExecutionResult,
        ): readonly Message[] {
          this.trace.push(`next:${result.conversationHistory.length}`);
          return [...result.conversationHistory, new UserMessage('Now answer.')];
        }

        protected override async *doFinalizeLoopStream(
          trailing: AsyncIterable<ChatClientResponse>,
        ): AsyncIterable<ChatClientResponse> {
          this.trace.push('finalize');
          for await (const response of trailing) {
            this.trace.push(`trailing:${response.chatResponse?.results.length ?? -1}`);
            yield response;
          }
          yield new ChatClientResponse(
            new ChatResponse([{ output: new AssistantMessage(' (checked)'), metadata: {} }]),
          );
        }
      }

      it('should run each hook of the stream path at its point of the loop', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'lookup' }], { usage: usage(10, 20) }),
          assistantText('Expédiée.'),
        ]);
        const advisor = TracingAdvisor.builder().build();

        const chunks = await collect(
          streamOf(advisor, model, toolPrompt({ toolCallbacks: [recordingTool('lookup')] })),
        );

        expect(advisor).toBeInstanceOf(TracingAdvisor);
        expect(advisor.trace).toEqual([
          'initialize',
          'before:1:t-1',
          'after:tools',
          'next:4',
          'before:2:t-1',
          'after:"Expédiée."',
          'finalize',
          'trailing:0',
        ]);
        expect(model.prompts.map((p) => p.options?.temperature)).toEqual([1, 2]);
        expect(model.prompts[0].instructions[0]).toEqual(new SystemMessage('Answer in French.'));
        expect(last(model.prompts[1].instructions)).toEqual(new UserMessage('Now answer.'));
        expect(textOf(chunks)).toBe('Expédiée. (checked)');
        expect(chunks[chunks.length - 2].metadata.usage).toEqual(usage(10, 20));
      });

      it('should run doInitializeLoopStream once per iteration of the stream', async () => {
        const model = new ScriptedChatModel([assistantText('one'), assistantText('two')]);
        const advisor = TracingAdvisor.builder().build();
        const stream = streamOf(advisor, model, toolPrompt({ toolCallbacks: [] }));

        await collect(stream);
        await collect(stream);

        expect(advisor.trace.filter((t) => t === 'initialize')).toHaveLength(2);
        expect(model.prompts.map((p) => p.options?.temperature)).toEqual([1, 1]);
      });

      it('should not call doFinalizeLoopStream on the returnDirect and limit exits', async () => {
        const returnDirect = TracingAdvisor.builder().build();
        await collect(
          streamOf(
            returnDirect,
            new ScriptedChatModel([assistantToolCalls([{ name: 'label' }])]),
            toolPrompt({ toolCallbacks: [recordingTool('label', () => 'L', true)] }),
          ),
        );
        const limited = TracingAdvisor.builder()
          .toolCallingManager(DefaultToolCallingManager.builder().maxTotalToolCalls(1).build())
          .build();
        const chunks = await collect(
          streamOf(
            limited,
            new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }, { name: 'lookup' }])]),
            toolPrompt({ toolCallbacks: [recordingTool('lookup')] }),
          ),
        );

        expect(returnDirect.trace).not.toContain('finalize');
        expect(limited.trace).not.toContain('finalize');
        expect(last(chunks).result?.output.text).toMatch(/Total tool call limit \(1\) exceeded/);
      });

      it('should let doAfterStream turn a tool-call round into the final answer', async () => {
        class RefusingAdvisor extends ToolCallingAdvisor {
          protected override doAfterStream(response: ChatClientResponse): ChatClientResponse {
            const chat = response.chatResponse as ChatResponse;
            return response.with({
              chatResponse: chat.with({ results: [{ output: new AssistantMessage('refused'), metadata: {} }] }),
            });
          }
        }
        const tool = recordingTool('lookup');
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }], { text: 'Let me see.' })]);

        const chunks = await collect(streamOf(new RefusingAdvisor(), model, toolPrompt({ toolCallbacks: [tool] })));

        expect(tool.records).toHaveLength(0);
        expect(model.prompts).toHaveLength(1);
        expect(textOf(chunks)).toBe('Let me see.');
        expect(chunks.some((c) => c.hasToolCalls())).toBe(false);
      });
    });

    describe('when other advisors are in the chain', () => {
      it('should stream inner advisors once per round with a copy of the initial context', async () => {
        const seen: unknown[] = [];
        const inner: StreamAdvisor = {
          name: 'inner',
          order: 0,
          adviseStream(request: ChatClientRequest, chain: StreamAdvisorChain) {
            seen.push(request.context.conversation);
            return chain.nextStream(request);
          },
        };
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);
        const chain = DefaultStreamAdvisorChain.of([
          new ToolCallingAdvisor(),
          inner,
          new ChatModelStreamAdvisor(model),
        ]);

        await collect(
          chain.nextStream(
            new ChatClientRequest(toolPrompt({ toolCallbacks: [recordingTool('lookup')] }), { conversation: 'c-1' }),
          ),
        );

        expect(seen).toEqual(['c-1', 'c-1']);
      });
    });
  });
});
