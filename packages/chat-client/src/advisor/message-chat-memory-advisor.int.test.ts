import {
  AssistantMessage,
  CHAT_MEMORY_CONVERSATION_ID,
  DefaultToolCallingManager,
  DefaultToolExecutionExceptionProcessor,
  InMemoryChatMemoryRepository,
  type Message,
  MessageWindowChatMemory,
  ToolResponseMessage,
  UserMessage,
} from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, type WireScriptStep, chatCompletion } from '@sprout-ai/test';
import { recordingTool } from '../__fixtures__/tools';
import { ChatClient } from '../chat-client';
import { MessageChatMemoryAdvisor } from './message-chat-memory-advisor';
import { ToolCallingAdvisor } from './tool-calling-advisor';

const SYSTEM = { role: 'system', content: 'You are the order desk.' };
const RAW_ARGUMENTS = '{"id": "A1"}';

/** Turn 1: a tool call, then the answer; turn 2: a plain answer. */
function twoTurnScript(): WireScriptStep[] {
  return [
    chatCompletion({ toolCalls: [{ id: 'call_1', name: 'lookup', arguments: RAW_ARGUMENTS }] }),
    chatCompletion({ content: 'A1 has shipped.' }),
    chatCompletion({ content: 'You asked about A1.' }),
  ];
}

describe(MessageChatMemoryAdvisor, () => {
  let server: OpenAiWireServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function setUp(script: WireScriptStep[]) {
    server = await OpenAiWireServer.start({ script });
    const model = new OpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: 'test-key',
      defaultOptions: { model: 'gpt-4o-mini' },
      maxRetries: 0,
    });
    const repository = new InMemoryChatMemoryRepository();
    const chatMemory = MessageWindowChatMemory.builder().chatMemoryRepository(repository).build();
    const tool = recordingTool('lookup', (input) => ({ id: input.id, status: 'shipped' }));
    return { server, model, repository, chatMemory, tool };
  }

  function ask(client: ChatClient, text: string, conversationId = 'c-1'): Promise<string | undefined> {
    return client
      .prompt(text)
      .advisors((spec) => spec.param(CHAT_MEMORY_CONVERSATION_ID, conversationId))
      .call()
      .content();
  }

  describe('.adviseCall', () => {
    describe('when it sits outside the tool loop (default order)', () => {
      it('should send the first turn user and final assistant messages, and no tool messages, in the second turn', async () => {
        const { server, model, chatMemory, tool } = await setUp(twoTurnScript());
        const advisor = MessageChatMemoryAdvisor.builder(chatMemory).build();
        const client = ChatClient.builder(model)
          .defaultSystem('You are the order desk.')
          .defaultTools(tool)
          .defaultAdvisors(advisor)
          .build();

        expect(await ask(client, 'Where is A1?')).toBe('A1 has shipped.');
        expect(await ask(client, 'What did I ask about?')).toBe('You asked about A1.');

        expect(server.requests).toHaveLength(3);
        expect(server.requests[2].messages).toEqual([
          SYSTEM,
          { role: 'user', content: 'Where is A1?' },
          { role: 'assistant', content: 'A1 has shipped.' },
          { role: 'user', content: 'What did I ask about?' },
        ]);
        // inside the turn the loop itself still forwards the tool transcript
        expect(server.requests[1].messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
        expect((await chatMemory.get('c-1')).map(summary)).toEqual([
          'user:Where is A1?',
          'assistant:A1 has shipped.',
          'user:What did I ask about?',
          'assistant:You asked about A1.',
        ]);
      });
    });

    describe('when it sits inside the tool loop (order above the ToolCallingAdvisor)', () => {
      it('should replay the tool call and tool result of the first turn in the second turn, each once', async () => {
        const { server, model, chatMemory, tool } = await setUp(twoTurnScript());
        const advisor = MessageChatMemoryAdvisor.builder(chatMemory)
          .order(ToolCallingAdvisor.DEFAULT_ORDER + 1)
          .build();
        const client = ChatClient.builder(model)
          .defaultSystem('You are the order desk.')
          .defaultTools(tool)
          .defaultAdvisors(advisor)
          .build();

        expect(await ask(client, 'Where is A1?')).toBe('A1 has shipped.');
        expect(await ask(client, 'What did I ask about?')).toBe('You asked about A1.');

        const toolCallMessage = {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: RAW_ARGUMENTS } }],
        };
        const toolMessage = { role: 'tool', tool_call_id: 'call_1', content: '{"id":"A1","status":"shipped"}' };
        // round 2 of turn 1: the loop sent only [system, tool result]; memory replayed the rest
        expect(server.requests[1].messages).toMatchObject([
          SYSTEM,
          { role: 'user', content: 'Where is A1?' },
          toolCallMessage,
          toolMessage,
        ]);
        expect(server.requests[1].messages).toHaveLength(4);
        expect(server.requests[2].messages).toMatchObject([
          SYSTEM,
          { role: 'user', content: 'Where is A1?' },
          toolCallMessage,
          toolMessage,
          { role: 'assistant', content: 'A1 has shipped.' },
          { role: 'user', content: 'What did I ask about?' },
        ]);
        expect(server.requests[2].messages).toHaveLength(6);
      });

      it('should work the same with a hand-built ToolCallingAdvisor whether or not its internal history is disabled', async () => {
        for (const disable of [true, false]) {
          const { server, model, chatMemory, tool } = await setUp(twoTurnScript());
          const builder = ToolCallingAdvisor.builder().toolCallingManager(DefaultToolCallingManager.builder().build());
          const loop = (disable ? builder.disableInternalConversationHistory() : builder).build();
          const memory = MessageChatMemoryAdvisor.builder(chatMemory)
            .order(ToolCallingAdvisor.DEFAULT_ORDER + 100)
            .build();
          const client = ChatClient.builder(model).defaultSystem('You are the order desk.').defaultTools(tool).build();

          const turn = (text: string) =>
            client
              .prompt(text)
              .advisors(loop, memory)
              .advisors((spec) => spec.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1'))
              .call()
              .content();
          await turn('Where is A1?');
          await turn('What did I ask about?');

          expect(server.requests[2].messages.map((m) => m.role)).toEqual([
            'system',
            'user',
            'assistant',
            'tool',
            'assistant',
            'user',
          ]);
          await server.close();
        }
      });
    });

    describe('when a turn fails inside the tool loop', () => {
      it('should store no half tool-call group and let the next turn send a valid history', async () => {
        const { server, model, chatMemory } = await setUp([
          chatCompletion({ toolCalls: [{ id: 'call_x', name: 'failing', arguments: '{}' }] }),
          chatCompletion({ content: 'Hello again.' }),
        ]);
        const failing = recordingTool('failing', () => {
          throw new Error('warehouse offline');
        });
        const manager = DefaultToolCallingManager.builder()
          .toolExecutionExceptionProcessor(new DefaultToolExecutionExceptionProcessor({ alwaysThrow: true }))
          .build();
        const advisor = MessageChatMemoryAdvisor.builder(chatMemory)
          .order(ToolCallingAdvisor.DEFAULT_ORDER + 1)
          .build();
        const client = ChatClient.builder(model, {
          toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolCallingManager(manager),
        })
          .defaultTools(failing)
          .defaultAdvisors(advisor)
          .build();

        await expect(ask(client, 'Call a tool that does not exist')).rejects.toThrow(/warehouse offline/);
        expect(await chatMemory.get('c-1')).toEqual([]);

        expect(await ask(client, 'Hi')).toBe('Hello again.');
        expect(server.requests[1].messages).toEqual([{ role: 'user', content: 'Hi' }]);
      });
    });

    describe('when the model call of the second turn fails', () => {
      it('should leave the first turn in memory and store nothing of the failed turn', async () => {
        const { model, chatMemory } = await setUp([
          chatCompletion({ content: 'Hi, how can I help?' }),
          { status: 500, body: { error: { message: 'upstream down' } }, headers: { 'x-should-retry': 'false' } },
        ]);
        const client = ChatClient.builder(model)
          .defaultAdvisors(MessageChatMemoryAdvisor.builder(chatMemory).build())
          .build();

        await ask(client, 'Hello');
        await expect(ask(client, 'Where is A1?')).rejects.toThrow();

        expect((await chatMemory.get('c-1')).map(summary)).toEqual(['user:Hello', 'assistant:Hi, how can I help?']);
      });
    });

    describe('when the stored conversation holds orphan tool messages', () => {
      it('should drop them from the request so the provider gets a valid history', async () => {
        const { server, model, repository, chatMemory } = await setUp([chatCompletion({ content: 'Sure.' })]);
        const stored: Message[] = [
          new UserMessage('first'),
          new AssistantMessage('', [{ id: 'call_lost', type: 'function', name: 'lookup', arguments: '{}' }]),
          new UserMessage('second'),
          new ToolResponseMessage([{ id: 'call_orphan', name: 'lookup', responseData: '"x"' }]),
          new AssistantMessage('done'),
        ];
        await repository.saveAll('c-1', stored);
        const client = ChatClient.builder(model)
          .defaultAdvisors(MessageChatMemoryAdvisor.builder(chatMemory).build())
          .build();

        await ask(client, 'third');

        expect(server.requests[0].messages).toEqual([
          { role: 'user', content: 'first' },
          { role: 'user', content: 'second' },
          { role: 'assistant', content: 'done' },
          { role: 'user', content: 'third' },
        ]);
      });
    });

    describe('when two conversations share the advisor', () => {
      it('should keep each conversation to itself', async () => {
        const { server, model, chatMemory } = await setUp([
          chatCompletion({ content: 'a1' }),
          chatCompletion({ content: 'b1' }),
          chatCompletion({ content: 'a2' }),
        ]);
        const client = ChatClient.builder(model)
          .defaultAdvisors(MessageChatMemoryAdvisor.builder(chatMemory).build())
          .build();

        await ask(client, 'from A', 'A');
        await ask(client, 'from B', 'B');
        await ask(client, 'A again', 'A');

        expect(server.requests[2].messages.map((m) => m.content)).toEqual(['from A', 'a1', 'A again']);
      });
    });
  });
});

function summary(message: Message): string {
  return `${message.messageType}:${'text' in message ? message.text : message.responses.map((r) => r.id).join(',')}`;
}
