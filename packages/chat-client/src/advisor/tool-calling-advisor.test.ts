import {
  AssistantMessage,
  ChatResponse,
  ConfigurationError,
  DefaultToolCallingManager,
  type Message,
  Prompt,
  SystemMessage,
  type ToolCallingChatOptions,
  ToolResponseMessage,
  UserMessage,
} from '@sprout-ai/core';
import { assistantText, assistantToolCalls, errorOf, ScriptedChatModel } from '@sprout-ai/test';
import { recordingTool } from '../__fixtures__/tools';
import { ChatClientRequest } from '../chat-client-request';
import type { ChatClientResponse } from '../chat-client-response';
import type { Advisor } from './api/advisor';
import type { CallAdvisor } from './api/call-advisor';
import type { CallAdvisorChain } from './api/call-advisor-chain';
import { HIGHEST_PRECEDENCE, LOWEST_PRECEDENCE } from './api/ordered';
import { isToolAdvisor } from './api/tool-advisor';
import { ChatModelCallAdvisor } from './chat-model-call-advisor';
import { DefaultAroundAdvisorChain } from './default-around-advisor-chain';
import { ToolCallingAdvisor } from './tool-calling-advisor';

function run(
  advisor: CallAdvisor,
  model: ScriptedChatModel,
  prompt: Prompt,
  others: readonly Advisor[] = [],
  context: Record<string, unknown> = {},
): Promise<ChatClientResponse> {
  const chain = DefaultAroundAdvisorChain.builder()
    .push(advisor)
    .pushAll(others)
    .push(new ChatModelCallAdvisor(model))
    .build();
  return chain.nextCall(new ChatClientRequest(prompt, context));
}

function toolPrompt(options: ToolCallingChatOptions, messages: Message[] = [new UserMessage('Where is A1?')]): Prompt {
  return new Prompt(messages, options);
}

/** Answers like a model that obeys `tool_choice`: a forced choice gets a tool call, otherwise text. */
function obeyingToolChoice(prompt: Prompt): ChatResponse {
  const choice = prompt.options?.toolChoice;
  return choice === 'required' || typeof choice === 'object'
    ? assistantToolCalls([{ name: 'describeItem', arguments: {} }])
    : assistantText('It is a teapot.');
}

describe(ToolCallingAdvisor, () => {
  describe('constructor', () => {
    it('should use the defaults when given no options', () => {
      const advisor = new ToolCallingAdvisor();
      expect(advisor.name).toBe('Tool Calling Advisor');
      expect(advisor.order).toBe(ToolCallingAdvisor.DEFAULT_ORDER);
      expect(ToolCallingAdvisor.DEFAULT_ORDER).toBe(HIGHEST_PRECEDENCE + 300);
      expect(isToolAdvisor(advisor)).toBe(true);
    });

    it.each([
      ['HIGHEST_PRECEDENCE', HIGHEST_PRECEDENCE],
      ['LOWEST_PRECEDENCE', LOWEST_PRECEDENCE],
      ['a fraction', 1.5],
      ['NaN', Number.NaN],
    ])('should reject advisorOrder %s', (_label, advisorOrder) => {
      expect(() => new ToolCallingAdvisor({ advisorOrder })).toThrow(
        /advisorOrder must be an integer strictly between HIGHEST_PRECEDENCE \(-2147483648\) and LOWEST_PRECEDENCE \(2147483647\)/,
      );
    });

    it('should reject a null toolCallingManager naming the setting', () => {
      expect(
        errorOf(() => new ToolCallingAdvisor({ toolCallingManager: null as never }), ConfigurationError),
      ).toMatchObject({
        setting: 'ToolCallingAdvisor toolCallingManager',
        value: null,
        allowed: 'a ToolCallingManager (omit it to use DefaultToolCallingManager)',
        message:
          'ToolCallingAdvisor toolCallingManager must be a ToolCallingManager (omit it to use DefaultToolCallingManager), got null.',
      });
    });

    it('should reject a checker that is not a function', () => {
      expect(() => new ToolCallingAdvisor({ toolExecutionEligibilityChecker: 'yes' as never })).toThrow(
        /toolExecutionEligibilityChecker must be a function .* got "yes"/,
      );
    });

    it('should reject a non-boolean conversationHistoryEnabled', () => {
      expect(() => new ToolCallingAdvisor({ conversationHistoryEnabled: 'false' as never })).toThrow(
        /conversationHistoryEnabled must be a boolean, got "false"/,
      );
    });
  });

  describe('.builder', () => {
    it('should build the subclass it is called on', () => {
      class AuditingAdvisor extends ToolCallingAdvisor {}
      const advisor = AuditingAdvisor.builder().advisorOrder(7).build();
      expect(advisor).toBeInstanceOf(AuditingAdvisor);
      expect(advisor.order).toBe(7);
    });

    it('should give copies their own settings', () => {
      const builder = ToolCallingAdvisor.builder().advisorOrder(5);
      const copy = builder.copy().advisorOrder(9).disableInternalConversationHistory();
      expect(builder.getAdvisorOrder()).toBe(5);
      expect(builder.isConversationHistoryEnabled()).toBe(true);
      expect(copy.getAdvisorOrder()).toBe(9);
      expect(copy.isConversationHistoryEnabled()).toBe(false);
    });

    it('should validate the settings when building', () => {
      expect(() => ToolCallingAdvisor.builder().advisorOrder(LOWEST_PRECEDENCE).build()).toThrow(ConfigurationError);
    });
  });

  describe('.useToolCallingManagerIfUnset', () => {
    const twoCallsOfLookup = (): ScriptedChatModel =>
      new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }, { name: 'lookup' }]), assistantText('done')]);
    const limitOfOne = () => DefaultToolCallingManager.builder().maxCallsPerTool(1).build();

    describe('when the advisor was built without a manager', () => {
      it('should run the next turn with the given manager', async () => {
        const advisor = ToolCallingAdvisor.builder().build();

        const took = advisor.useToolCallingManagerIfUnset(limitOfOne());
        const response = await run(
          advisor,
          twoCallsOfLookup(),
          toolPrompt({ toolCallbacks: [recordingTool('lookup')] }),
        );

        expect(took).toBe(true);
        expect(response.chatResponse?.result?.metadata.finishReason).toBe('toolCallLimitExceeded');
      });
    });

    describe('when the advisor was given a manager', () => {
      it('should keep it', async () => {
        const unlimited = DefaultToolCallingManager.builder().unlimitedCallsPerTool().build();
        const advisor = new ToolCallingAdvisor({ toolCallingManager: unlimited });

        const took = advisor.useToolCallingManagerIfUnset(limitOfOne());
        const response = await run(
          advisor,
          twoCallsOfLookup(),
          toolPrompt({ toolCallbacks: [recordingTool('lookup')] }),
        );

        expect(took).toBe(false);
        expect(response.chatResponse?.result?.output.text).toBe('done');
      });
    });

    it('should reject what is not a ToolCallingManager', () => {
      expect(() => new ToolCallingAdvisor().useToolCallingManagerIfUnset({} as never)).toThrow(ConfigurationError);
    });
  });

  describe('.adviseCall', () => {
    describe('when the model asks for a tool', () => {
      it('should run the tool, send its result back and return the final text', async () => {
        const tool = recordingTool('getOrderStatus', (input) => `Order ${String(input.id)} shipped`);
        const model = new ScriptedChatModel([
          assistantToolCalls([{ id: 'call_1', name: 'getOrderStatus', arguments: { id: 'A1' } }]),
          assistantText('A1 has shipped.'),
        ]);

        const response = await run(new ToolCallingAdvisor(), model, toolPrompt({ toolCallbacks: [tool] }));

        expect(response.chatResponse?.result?.output.text).toBe('A1 has shipped.');
        expect(tool.records.map((r) => r.input)).toEqual([{ id: 'A1' }]);
        const second = model.prompts[1].instructions;
        expect(second).toHaveLength(3);
        expect(second[0]).toBeInstanceOf(UserMessage);
        expect((second[1] as AssistantMessage).toolCalls.map((c) => c.id)).toEqual(['call_1']);
        expect((second[2] as ToolResponseMessage).responses).toEqual([
          { id: 'call_1', name: 'getOrderStatus', responseData: '"Order A1 shipped"' },
        ]);
      });

      it("should hand each round the turn's call counts from the round before", async () => {
        const manager = DefaultToolCallingManager.builder().build();
        const counts: unknown[] = [];
        const execute = manager.executeToolCalls.bind(manager);
        manager.executeToolCalls = (prompt, response, options) => {
          counts.push(options?.callCounts);
          return execute(prompt, response, options);
        };
        const model = new ScriptedChatModel([
          assistantToolCalls([{ id: 'call_1', name: 'lookup' }]),
          assistantToolCalls([{ id: 'call_2', name: 'lookup' }]),
          assistantText('done'),
        ]);
        const advisor = ToolCallingAdvisor.builder().toolCallingManager(manager).build();

        await run(advisor, model, toolPrompt({ toolCallbacks: [recordingTool('lookup')] }));

        expect(counts).toEqual([undefined, { rounds: 1, total: 1, perTool: new Map([['lookup', 1]]) }]);
      });

      it('should send only the system message and the tool results when conversation history is disabled', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ id: 'call_1', name: 'lookup' }]),
          assistantText('done'),
        ]);
        const advisor = ToolCallingAdvisor.builder().disableInternalConversationHistory().build();

        await run(advisor, model, toolPrompt({ toolCallbacks: [recordingTool('lookup')] }));

        const second = model.prompts[1].instructions;
        expect(second).toHaveLength(2);
        expect(second[0]).toEqual(new SystemMessage(''));
        expect(second[1]).toBeInstanceOf(ToolResponseMessage);
      });
    });

    describe('when the response has no tool calls', () => {
      it('should return a finish reason tool_calls with an empty call list as the final answer', async () => {
        const model = new ScriptedChatModel([assistantText('Nothing to call.', { finishReason: 'tool_calls' })]);

        const response = await run(
          new ToolCallingAdvisor(),
          model,
          toolPrompt({ toolCallbacks: [recordingTool('x')] }),
        );

        expect(response.chatResponse?.result?.output.text).toBe('Nothing to call.');
        expect(model.prompts).toHaveLength(1);
      });
    });

    describe('when the prompt has no options', () => {
      it('should pass the response through without executing tools', async () => {
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }])]);

        const response = await run(new ToolCallingAdvisor(), model, new Prompt('hi'));

        expect(response.chatResponse?.hasToolCalls()).toBe(true);
        expect(model.prompts).toHaveLength(1);
      });
    });

    describe('when every tool of the round is returnDirect', () => {
      it('should return one generation per tool result without calling the model again', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls(
            [
              { id: 'c1', name: 'label' },
              { id: 'c2', name: 'label' },
            ],
            { usage: { promptTokens: 4, completionTokens: 2, totalTokens: 6 } },
          ),
        ]);
        const tool = recordingTool('label', () => 'LABEL-1', true);

        const response = await run(new ToolCallingAdvisor(), model, toolPrompt({ toolCallbacks: [tool] }));

        expect(model.prompts).toHaveLength(1);
        expect(response.chatResponse?.results.map((g) => [g.output.text, g.metadata])).toEqual([
          ['"LABEL-1"', { finishReason: 'returnDirect', toolId: 'c1', toolName: 'label' }],
          ['"LABEL-1"', { finishReason: 'returnDirect', toolId: 'c2', toolName: 'label' }],
        ]);
        expect(response.chatResponse?.metadata.usage).toEqual({ promptTokens: 4, completionTokens: 2, totalTokens: 6 });
      });
    });

    describe('when a tool call limit is exceeded in THROW mode', () => {
      it('should answer with the limit generation instead of throwing', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'lookup' }]),
          assistantToolCalls([{ name: 'lookup' }]),
        ]);
        const manager = DefaultToolCallingManager.builder().maxCallsPerTool(1).build();
        const tool = recordingTool('lookup');

        const response = await run(
          ToolCallingAdvisor.builder().toolCallingManager(manager).build(),
          model,
          toolPrompt({ toolCallbacks: [tool] }),
        );

        expect(tool.records).toHaveLength(1);
        expect(response.chatResponse?.results).toHaveLength(1);
        expect(response.chatResponse?.result?.metadata.finishReason).toBe('toolCallLimitExceeded');
        expect(response.chatResponse?.result?.output.text).toMatch(/Tool call limit \(1\) exceeded for tool 'lookup'/);
        expect(response.chatResponse?.hasToolCalls()).toBe(false);
      });
    });

    describe('when several rounds report usage', () => {
      it('should return the sum of every round and keep the last round metadata', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'lookup' }], {
            usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30 },
          }),
          assistantText('done', {
            usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
            model: 'final-model',
          }),
        ]);

        const response = await run(
          new ToolCallingAdvisor(),
          model,
          toolPrompt({ toolCallbacks: [recordingTool('lookup')] }),
        );

        expect(response.chatResponse?.metadata.usage).toEqual({
          promptTokens: 11,
          completionTokens: 22,
          totalTokens: 33,
        });
        expect(response.chatResponse?.metadata.model).toBe('final-model');
      });
    });

    describe('when the tool choice is forced (07-forced-tool-choice)', () => {
      it.each([
        ['a named function', { type: 'function', function: { name: 'describeItem' } } as const],
        ['required', 'required' as const],
      ])('should force %s on the first round only and send auto afterwards', async (_label, toolChoice) => {
        const model = new ScriptedChatModel([obeyingToolChoice, obeyingToolChoice, obeyingToolChoice]);
        const tool = recordingTool('describeItem', () => 'a teapot, 1 litre');

        const response = await run(
          new ToolCallingAdvisor(),
          model,
          toolPrompt({ toolCallbacks: [tool], toolChoice, temperature: 0 }),
        );

        expect(response.chatResponse?.result?.output.text).toBe('It is a teapot.');
        expect(response.chatResponse?.result?.metadata.finishReason).toBe('stop');
        expect(model.prompts.map((p) => p.options?.toolChoice)).toEqual([toolChoice, 'auto']);
        expect(model.prompts[1].options?.temperature).toBe(0);
        expect(tool.records).toHaveLength(1);
      });
    });

    describe('when a subclass overrides the hooks', () => {
      it('should keep doBeforeCall option changes for later rounds and run doFinalizeLoop once', async () => {
        const calls: string[] = [];
        class TemperatureAdvisor extends ToolCallingAdvisor {
          protected override doBeforeCall(request: ChatClientRequest): ChatClientRequest {
            const temperature = (request.prompt.options?.temperature ?? 0) + 1;
            calls.push(`before:${temperature}`);
            return request.with({
              prompt: request.prompt.with({ options: { ...request.prompt.options, temperature } }),
            });
          }
          protected override async doFinalizeLoop(response: ChatClientResponse): Promise<ChatClientResponse> {
            calls.push('finalize');
            return Promise.resolve(response.with({ context: { ...response.context, finalized: true } }));
          }
        }
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);

        const response = await run(
          TemperatureAdvisor.builder().build(),
          model,
          toolPrompt({ toolCallbacks: [recordingTool('lookup')] }),
        );

        expect(model.prompts.map((p) => p.options?.temperature)).toEqual([1, 2]);
        expect(calls).toEqual(['before:1', 'before:2', 'finalize']);
        expect(response.context.finalized).toBe(true);
      });

      it('should let doAfterCall turn a tool-call response into the final answer', async () => {
        class NoToolsAdvisor extends ToolCallingAdvisor {
          protected override doAfterCall(response: ChatClientResponse): ChatClientResponse {
            const chat = response.chatResponse as ChatResponse;
            return response.with({
              chatResponse: chat.with({ results: [{ output: new AssistantMessage('refused'), metadata: {} }] }),
            });
          }
        }
        const tool = recordingTool('lookup');
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }])]);

        const response = await run(new NoToolsAdvisor(), model, toolPrompt({ toolCallbacks: [tool] }));

        expect(response.chatResponse?.result?.output.text).toBe('refused');
        expect(tool.records).toHaveLength(0);
      });
    });

    describe('when other advisors are in the chain', () => {
      it('should run inner advisors once per round with a copy of the initial context', async () => {
        const seen: unknown[] = [];
        const inner: CallAdvisor = {
          name: 'inner',
          order: 0,
          async adviseCall(request: ChatClientRequest, chain: CallAdvisorChain) {
            seen.push(request.context.conversation);
            const response = await chain.nextCall(request);
            return response.with({ context: { ...response.context, conversation: 'changed' } });
          },
        };
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);

        await run(new ToolCallingAdvisor(), model, toolPrompt({ toolCallbacks: [recordingTool('lookup')] }), [inner], {
          conversation: 'c-1',
        });

        expect(seen).toEqual(['c-1', 'c-1']);
      });
    });
  });
});
