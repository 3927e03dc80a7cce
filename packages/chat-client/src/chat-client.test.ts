import {
  AssistantMessage,
  ChatResponse,
  ConfigurationError,
  DuplicateToolNameError,
  SystemMessage,
  type ToolCallback,
  type ToolCallingChatOptions,
  UserMessage,
} from '@sprout-ai/core';
import { ScriptedChatModel, assistantText, assistantToolCalls } from '@sprout-ai/test';
import { declareOrderTools, recordingTool } from './__fixtures__/tools';
import type { Advisor } from './advisor/api/advisor';
import type { CallAdvisor } from './advisor/api/call-advisor';
import { MEMORY_ADVISOR, type MemoryAdvisor } from './advisor/api/memory-advisor';
import { HIGHEST_PRECEDENCE } from './advisor/api/ordered';
import { ToolCallingAdvisor } from './advisor/tool-calling-advisor';
import { AdvisorParams } from './advisor-params';
import { ChatClient } from './chat-client';
import { TOOL_CALLING_ADVISOR_AUTO_REGISTER } from './chat-client-attributes';
import type { ChatClientRequest } from './chat-client-request';
import type { ChatClientResponse } from './chat-client-response';
import { MultipleToolAdvisorsError } from './multiple-tool-advisors-error';

function toolNamesOf(model: ScriptedChatModel, index = 0): string[] {
  const options = model.prompts[index].options as ToolCallingChatOptions;
  return (options.toolCallbacks ?? []).map((c) => c.toolDefinition.name);
}

/** An advisor that logs when it sees a request, then passes it on. */
function logging(name: string, order: number, log: string[]): CallAdvisor {
  return {
    name,
    order,
    adviseCall: async (request, chain) => {
      log.push(name);
      return chain.nextCall(request);
    },
  };
}

/** Counts how many advisors its builders build. */
class CountingAdvisor extends ToolCallingAdvisor {
  static built = 0;
  constructor(...args: ConstructorParameters<typeof ToolCallingAdvisor>) {
    super(...args);
    CountingAdvisor.built += 1;
  }
}

describe(ChatClient, () => {
  const OrderTools = declareOrderTools();
  beforeEach(() => {
    CountingAdvisor.built = 0;
  });

  describe('.prompt', () => {
    describe('when the model asks for a tool of an @Tool object', () => {
      it('should run the tool with the tool context and return the final text', async () => {
        const tools = new OrderTools();
        const model = new ScriptedChatModel([
          assistantToolCalls([{ id: 'call_7', name: 'getOrderStatus', arguments: { orderId: 'A123' } }]),
          (prompt) => assistantText(`Model read ${prompt.instructions.length} messages`),
        ]);
        const client = ChatClient.create(model);

        const answer = await client
          .prompt('Where is A123?')
          .tools(tools)
          .toolContext({ customerId: 'secret-customer-42' })
          .call()
          .content();

        expect(answer).toBe('Model read 3 messages');
        expect(tools.seenCustomers).toEqual(['secret-customer-42']);
        expect(toolNamesOf(model)).toEqual(['getOrderStatus']);
        const [user, assistant, toolResponse] = model.prompts[1].instructions;
        expect(user).toEqual(new UserMessage('Where is A123?'));
        expect((assistant as AssistantMessage).toolCalls[0].id).toBe('call_7');
        expect(toolResponse).toMatchObject({ responses: [{ id: 'call_7', responseData: '"Order A123 has shipped"' }] });
        for (const prompt of model.prompts) {
          expect(JSON.stringify(prompt.instructions)).not.toContain('secret-customer-42');
        }
      });
    });

    it('should order messages as system text, explicit messages, user text', async () => {
      const model = new ScriptedChatModel([assistantText('ok')]);
      const client = ChatClient.builder(model).defaultSystem('Be brief.').build();

      await client
        .prompt()
        .user('And now?')
        .messages(new UserMessage('Earlier question'), new AssistantMessage('Earlier answer'))
        .call()
        .content();

      expect(model.prompts[0].instructions).toEqual([
        new SystemMessage('Be brief.'),
        new UserMessage('Earlier question'),
        new AssistantMessage('Earlier answer'),
        new UserMessage('And now?'),
      ]);
    });

    it('should layer options: model defaults, then client defaults, then the request', async () => {
      const model = new ScriptedChatModel([assistantText('ok')], {
        defaultOptions: { model: 'm-1', temperature: 0.1, topP: 0.5 },
      });
      const client = ChatClient.builder(model).defaultOptions({ temperature: 0.2, maxTokens: 5 }).build();

      await client.prompt('hi').options({ maxTokens: 7, topP: undefined }).call().content();

      expect(model.prompts[0].options).toEqual({ model: 'm-1', temperature: 0.2, topP: 0.5, maxTokens: 7 });
    });
  });

  describe('.tools and .toolContext', () => {
    it('should append per-call tools to default tools and merge contexts with the request winning', async () => {
      const defaultTool = recordingTool('first');
      const callTool = recordingTool('second');
      const model = new ScriptedChatModel([
        assistantToolCalls([{ name: 'first' }, { name: 'second' }]),
        assistantText('done'),
      ]);
      const client = ChatClient.builder(model)
        .defaultTools(defaultTool)
        .defaultToolContext({ tenant: 'default', region: 'eu' })
        .build();

      await client.prompt('go').tools([callTool]).toolContext({ tenant: 'call' }).call().content();

      expect(toolNamesOf(model)).toEqual(['first', 'second']);
      expect(defaultTool.records[0].context).toEqual({ tenant: 'call', region: 'eu' });
      expect(callTool.records[0].context).toEqual({ tenant: 'call', region: 'eu' });
    });

    it('should replace the callbacks of the options with the ChatClient tools', async () => {
      const model = new ScriptedChatModel([assistantText('ok')]);
      const client = ChatClient.create(model);

      await client
        .prompt('hi')
        .options({ toolCallbacks: [recordingTool('fromOptions')] } as ToolCallingChatOptions)
        .toolCallbacks(recordingTool('fromTools'))
        .call()
        .content();

      expect(toolNamesOf(model)).toEqual(['fromTools']);
    });

    it('should ask providers for their tools on every call', async () => {
      let current: ToolCallback[] = [recordingTool('v1')];
      const provider = { getToolCallbacks: () => current };
      const model = new ScriptedChatModel([assistantText('a'), assistantText('b')]);
      const client = ChatClient.builder(model).defaultTools(provider).build();

      await client.prompt('one').call().content();
      current = [recordingTool('v2')];
      await client.prompt('two').call().content();

      expect([toolNamesOf(model, 0), toolNamesOf(model, 1)]).toEqual([['v1'], ['v2']]);
    });

    describe('when two tools share a name', () => {
      it('should reject the request before calling the model', async () => {
        const model = new ScriptedChatModel([assistantText('never')]);
        const client = ChatClient.builder(model).defaultTools(recordingTool('lookup')).build();

        await expect(client.prompt('hi').tools(recordingTool('lookup')).call().content()).rejects.toThrow(
          DuplicateToolNameError,
        );
        expect(model.prompts).toHaveLength(0);
      });
    });

    describe('when given bad input', () => {
      const client = ChatClient.create(new ScriptedChatModel([]));

      it.each([
        ['null', [null], /tools\(\): argument 1 is null/],
        ['undefined inside an array', [[recordingTool('a'), undefined]], /element 1 of argument 1 is undefined/],
        ['a class instead of an instance', [OrderTools], /pass an instance \(new OrderTools\(\)\) instead/],
        ['a string', ['getOrderStatus'], /argument 1 is the string "getOrderStatus"/],
      ])('should reject %s', (_label, args, message) => {
        expect(() => client.prompt('hi').tools(...(args as never[]))).toThrow(ConfigurationError);
        expect(() => client.prompt('hi').tools(...(args as never[]))).toThrow(message);
      });

      it.each([
        ['null', null, /context cannot be null/],
        ['a blank key', { ' ': 1 }, /context key cannot be null or empty/],
        [
          'a null value',
          { userId: null },
          /context values cannot contain null elements: the value of 'userId' is null/,
        ],
      ])('should reject a tool context with %s', (_label, context, message) => {
        expect(() => client.prompt('hi').toolContext(context as never)).toThrow(message);
      });
    });
  });

  describe('.call', () => {
    describe('when no ToolAdvisor is configured', () => {
      it('should add a fresh ToolCallingAdvisor per request, once per spec, even without tools', async () => {
        const model = new ScriptedChatModel([assistantText('a'), assistantText('b'), assistantText('c')]);
        const client = ChatClient.create(model, { toolCallingAdvisorBuilder: CountingAdvisor.builder() });

        const spec = client.prompt('hi');
        await spec.call().content();
        await spec.call().content();
        expect(CountingAdvisor.built).toBe(1);

        await client.prompt('again').call().content();
        expect(CountingAdvisor.built).toBe(2);
      });

      it('should disable conversation history only for a memory advisor ordered inside the loop', async () => {
        const memory = (order: number): MemoryAdvisor & CallAdvisor => ({
          [MEMORY_ADVISOR]: true,
          name: `memory@${order}`,
          order,
          adviseCall: async (request, chain) => chain.nextCall(request),
        });
        const lengthsOfSecondRound = async (advisor: Advisor): Promise<number> => {
          const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);
          const client = ChatClient.builder(model).defaultTools(recordingTool('lookup')).build();
          await client.prompt('hi').advisors(advisor).call().content();
          return model.prompts[1].instructions.length;
        };

        expect(await lengthsOfSecondRound(memory(ToolCallingAdvisor.DEFAULT_ORDER + 1))).toBe(2);
        expect(await lengthsOfSecondRound(memory(ToolCallingAdvisor.DEFAULT_ORDER))).toBe(3);
      });
    });

    describe('when auto-registration is switched off', () => {
      it('should return the tool calls without executing them', async () => {
        const tool = recordingTool('lookup');
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }])]);
        const client = ChatClient.builder(model).defaultTools(tool).build();

        const response = await client
          .prompt('hi')
          .advisors(AdvisorParams.toolCallingAdvisorAutoRegister(false))
          .call()
          .chatResponse();

        expect(response?.result?.output.toolCalls.map((c) => c.name)).toEqual(['lookup']);
        expect(response?.result?.metadata.finishReason).toBe('tool_calls');
        expect(tool.records).toHaveLength(0);
        expect(toolNamesOf(model)).toEqual(['lookup']);
      });

      it('should only accept the boolean false', async () => {
        const tool = recordingTool('lookup');
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);
        const client = ChatClient.builder(model).defaultTools(tool).build();

        const answer = await client
          .prompt('hi')
          .advisors((spec) => spec.param(TOOL_CALLING_ADVISOR_AUTO_REGISTER, 'false'))
          .call()
          .content();

        expect(answer).toBe('done');
        expect(tool.records).toHaveLength(1);
      });
    });

    describe('when a ToolCallingAdvisor subclass is passed as an advisor', () => {
      it('should run that advisor and add no other', async () => {
        const rounds: number[] = [];
        class RoundCountingAdvisor extends ToolCallingAdvisor {
          protected override doBeforeCall(request: ChatClientRequest): ChatClientRequest {
            rounds.push(rounds.length + 1);
            return request;
          }
        }
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);
        const client = ChatClient.create(model, { toolCallingAdvisorBuilder: CountingAdvisor.builder() });

        const answer = await client
          .prompt('hi')
          .tools(recordingTool('lookup'))
          .advisors(RoundCountingAdvisor.builder().build())
          .call()
          .content();

        expect(answer).toBe('done');
        expect(rounds).toEqual([1, 2]);
        expect(CountingAdvisor.built).toBe(0);
      });
    });

    describe('when two ToolAdvisors are in the chain', () => {
      it('should reject the request naming both', async () => {
        const model = new ScriptedChatModel([assistantText('never')]);
        const client = ChatClient.builder(model)
          .defaultAdvisors(ToolCallingAdvisor.builder().advisorOrder(1).build())
          .build();

        const call = client.prompt('hi').advisors(new ToolCallingAdvisor()).call().content();

        await expect(call).rejects.toThrow(MultipleToolAdvisorsError);
        await expect(client.prompt('hi').advisors(new ToolCallingAdvisor()).call().content()).rejects.toThrow(
          `At most one ToolAdvisor is allowed in the advisor chain, but found 2: [Tool Calling Advisor (order=1), Tool Calling Advisor (order=${HIGHEST_PRECEDENCE + 300})]`,
        );
        expect(model.prompts).toHaveLength(0);
      });
    });

    it('should run advisors by order, the tool loop between outer and inner ones', async () => {
      const log: string[] = [];
      const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);
      const client = ChatClient.builder(model)
        .defaultTools(recordingTool('lookup'))
        .defaultAdvisors(logging('inner', 0, log))
        .build();

      await client
        .prompt('hi')
        .advisors(logging('outer', HIGHEST_PRECEDENCE, log), logging('inner-too', 0, log))
        .call()
        .content();

      expect(log).toEqual(['outer', 'inner', 'inner-too', 'inner', 'inner-too']);
    });

    it('should sum usage over the rounds of the turn', async () => {
      const model = new ScriptedChatModel([
        assistantToolCalls([{ name: 'lookup' }], {
          usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30 },
        }),
        assistantText('done', { usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } }),
      ]);
      const client = ChatClient.builder(model).defaultTools(recordingTool('lookup')).build();

      const response = await client.prompt('hi').call().chatResponse();

      expect(response?.metadata.usage).toEqual({ promptTokens: 11, completionTokens: 22, totalTokens: 33 });
    });

    it('should answer content() with an empty string when the response has no generation', async () => {
      const client = ChatClient.create(new ScriptedChatModel([new ChatResponse([])]));

      await expect(client.prompt('hi').call().content()).resolves.toBe('');
    });

    it('should return the context of the final response from chatClientResponse()', async () => {
      const tagging: CallAdvisor = {
        name: 'tagging',
        order: 0,
        adviseCall: async (request, chain): Promise<ChatClientResponse> => {
          const response = await chain.nextCall(request);
          return response.with({ context: { ...response.context, seenParam: request.context.conversation } });
        },
      };
      const client = ChatClient.create(new ScriptedChatModel([assistantText('ok')]));

      const response = await client
        .prompt('hi')
        .advisors((spec) => spec.param('conversation', 'c-1').advisors(tagging))
        .call()
        .chatClientResponse();

      expect(response.context).toEqual({ conversation: 'c-1', seenParam: 'c-1' });
    });
  });

  describe('.mutate and ChatClientBuilder.clone', () => {
    it('should copy the defaults without sharing them', async () => {
      const model = new ScriptedChatModel([assistantText('a'), assistantText('b')]);
      const builder = ChatClient.builder(model).defaultTools(recordingTool('base'));
      const original = builder.build();
      const extended = builder.clone().defaultTools(recordingTool('extra')).build();

      await original.prompt('one').call().content();
      await extended.mutate().build().prompt('two').call().content();

      expect([toolNamesOf(model, 0), toolNamesOf(model, 1)]).toEqual([['base'], ['base', 'extra']]);
    });
  });
});
