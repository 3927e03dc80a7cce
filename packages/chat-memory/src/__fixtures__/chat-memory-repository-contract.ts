import { once } from 'node:events';
import { ChatClient, MessageChatMemoryAdvisor, ToolCallingAdvisor } from '@sprout-ai/chat-client';
import {
  AssistantMessage,
  CHAT_MEMORY_CONVERSATION_ID,
  type ChatMemoryRepository,
  FunctionToolCallback,
  type Message,
  MessageWindowChatMemory,
  SystemMessage,
  ToolResponseMessage,
  UserMessage,
} from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';

/** A store under test: a fresh, empty repository plus more instances on the same store. */
export interface ContractStore {
  readonly repository: ChatMemoryRepository;
  /** Another repository instance over the same data (another connection, as another app instance would have). */
  another(): ChatMemoryRepository;
  close(): Promise<void>;
}

/** Every message type with the details a store must keep: tool-call ids, raw argument text, error flags, metadata. */
export function everyMessageType(): Message[] {
  return [
    new SystemMessage('You are the order desk.', { source: 'defaults' }),
    new UserMessage('订单 A123 发货了吗？', { userId: 'u7', tags: ['zh', 'order'], nested: { a: 1, b: null } }),
    new AssistantMessage(
      '',
      [
        { id: 'call_1', type: 'function', name: 'getOrderStatus', arguments: '{"orderId": "A123"}' },
        // raw text kept as the model sent it, even when it is not valid JSON
        { id: 'call_2', type: 'function', name: 'getOrderStatus', arguments: '{"orderId":"A124"' },
      ],
      { finishReason: 'tool_calls' },
    ),
    new ToolResponseMessage(
      [
        { id: 'call_1', name: 'getOrderStatus', responseData: '{"status":"运输中"}' },
        // a failed call's response keeps its error flag (Anthropic sends it as is_error)
        {
          id: 'call_2',
          name: 'getOrderStatus',
          responseData: 'INVALID_ARGUMENTS: unexpected end of JSON',
          isError: true,
        },
      ],
      { round: 1 },
    ),
    new AssistantMessage('A123 正在运输中。', [], { model: 'gpt-4o-mini', usage: { totalTokens: 42 } }),
    new AssistantMessage('Checking A200 too.', [{ id: 'call_3', type: 'function', name: 'lookup', arguments: '' }]),
    new ToolResponseMessage([{ id: 'call_3', name: 'lookup', responseData: '""' }]),
  ];
}

const group = (n: number): Message[] => [new UserMessage(`u${n}`), new AssistantMessage(`a${n}`)];
const texts = (messages: readonly Message[]) =>
  messages.map((m) => ('text' in m ? m.text : `tool:${m.responses.map((r) => r.id).join(',')}`));

/** Checks that `stored` holds every group 0..count-1 exactly once, each as `u<n>` directly followed by `a<n>`. */
function expectWholeGroups(stored: readonly Message[], count: number): void {
  const t = texts(stored);
  expect(t).toHaveLength(count * 2);
  expect(new Set(t).size).toBe(count * 2);
  for (let i = 0; i < t.length; i += 2) expect(t[i + 1]).toBe(`a${t[i].slice(1)}`);
}

/**
 * The behaviour every `ChatMemoryRepository` shipped with Sprout must show, run against each store.
 *
 * @param setUp - creates a fresh, empty store
 */
export function chatMemoryRepositoryContract(setUp: () => Promise<ContractStore>): void {
  let store: ContractStore;

  beforeEach(async () => {
    store = await setUp();
  });

  afterEach(async () => {
    await store.close();
  });

  describe('.findByConversationId', () => {
    describe('when the conversation is unknown', () => {
      it('should return no messages', async () => {
        expect(await store.repository.findByConversationId('nobody')).toEqual([]);
      });
    });
  });

  describe('.saveAll', () => {
    describe('when saving every message type', () => {
      it('should read back equal messages of the same classes, in order (tool-call ids, raw arguments, metadata)', async () => {
        const messages = everyMessageType();
        await store.repository.saveAll('c-1', messages);

        const read = await store.another().findByConversationId('c-1');

        expect(read).toEqual(messages);
        read.forEach((message, i) => expect(message.constructor).toBe(messages[i].constructor));
      });
    });

    describe('when the conversation exists', () => {
      it('should replace its messages', async () => {
        await store.repository.saveAll('c-1', group(1));
        await store.repository.saveAll('c-1', group(2));

        expect(texts(await store.repository.findByConversationId('c-1'))).toEqual(['u2', 'a2']);
      });
    });

    describe('when the list is empty', () => {
      it('should delete the conversation', async () => {
        await store.repository.saveAll('c-1', group(1));
        await store.repository.saveAll('c-1', []);

        expect(await store.repository.findByConversationId('c-1')).toEqual([]);
        expect(await store.repository.findConversationIds()).toEqual([]);
      });
    });
  });

  describe('.findConversationIds', () => {
    it('should list every stored conversation, ids with special characters included', async () => {
      const ids = ['c-1', 'user:7/会话', 'a*b?[c]\\d'];
      for (const id of ids) await store.repository.saveAll(id, group(1));

      expect((await store.repository.findConversationIds()).sort()).toEqual([...ids].sort());
    });
  });

  describe('.deleteByConversationId', () => {
    it('should delete only that conversation', async () => {
      await store.repository.saveAll('c-1', group(1));
      await store.repository.saveAll('c-2', group(2));
      await store.repository.deleteByConversationId('c-1');
      await store.repository.deleteByConversationId('never-existed');

      expect(await store.repository.findByConversationId('c-1')).toEqual([]);
      expect(texts(await store.repository.findByConversationId('c-2'))).toEqual(['u2', 'a2']);
    });
  });

  describe('.update', () => {
    describe('when the change function throws half-way through a turn', () => {
      it('should leave the previous messages in place', async () => {
        await store.repository.saveAll('c-1', group(1));

        await expect(
          store.repository.update?.('c-1', () => {
            throw new Error('crashed while building the turn');
          }),
        ).rejects.toThrow(/crashed while building the turn/);

        expect(texts(await store.repository.findByConversationId('c-1'))).toEqual(['u1', 'a1']);
      });
    });
  });

  describe('through MessageWindowChatMemory', () => {
    describe('when the window boundary falls inside a tool-call group', () => {
      it('should evict the whole group, never leaving tool responses without their call', async () => {
        const memory = MessageWindowChatMemory.builder().chatMemoryRepository(store.repository).maxMessages(5).build();
        await memory.add('c-1', [new UserMessage('u1'), new AssistantMessage('a1')]);
        const [, , toolCall, toolResult] = everyMessageType();
        await memory.add('c-1', [new UserMessage('u2'), toolCall, toolResult, new AssistantMessage('a2')]);

        // 6 messages, window 5: u1 goes; the group stays whole
        expect(texts(await memory.get('c-1'))).toEqual(['a1', 'u2', '', 'tool:call_1,call_2', 'a2']);

        await memory.add('c-1', [new UserMessage('u3'), new AssistantMessage('a3'), new UserMessage('u4')]);
        // 8 messages, window 5: evicting a1, u2 and the call would start the window at the tool
        // responses, so they go with their call (4 messages remain)
        const stored = await store.another().findByConversationId('c-1');
        expect(texts(stored)).toEqual(['a2', 'u3', 'a3', 'u4']);
      });
    });

    describe.each([
      ['outside the tool loop', undefined],
      ['inside the tool loop', ToolCallingAdvisor.DEFAULT_ORDER + 1],
    ] as const)('when a ChatClient turn is aborted after a tool round, memory %s', (_placement, order) => {
      it.each(['call', 'stream'] as const)('should keep exactly the previous turn on .%s()', async (mode) => {
        const controller = new AbortController();
        const server = await OpenAiWireServer.start({
          script: [
            chatCompletion({ content: 'a1' }),
            chatCompletion({ toolCalls: [{ id: 'call_1', name: 'lookup', arguments: '{}' }] }),
            async (_body, _index, { signal }) => {
              controller.abort();
              await once(signal, 'abort');
              return chatCompletion({ content: 'never sent' });
            },
          ],
        });
        try {
          const memory = MessageWindowChatMemory.builder().chatMemoryRepository(store.repository).build();
          const advisor = MessageChatMemoryAdvisor.builder(memory);
          const client = ChatClient.builder(new OpenAiChatModel({ baseUrl: server.baseUrl, maxRetries: 0 }))
            .defaultTools(
              FunctionToolCallback.builder('lookup', () => 'found')
                .inputSchema({ type: 'object' })
                .build(),
            )
            .defaultAdvisors((order === undefined ? advisor : advisor.order(order)).build())
            .build();
          const turn = (text: string) =>
            client.prompt(text).advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1'));
          await turn('u1').call().content();

          const aborted = turn('u2').abortSignal(controller.signal);
          const done =
            mode === 'call'
              ? aborted.call().content()
              : (async () => {
                  for await (const _text of aborted.stream().content());
                })();

          await expect(done).rejects.toMatchObject({ name: 'AbortError' });
          expect(texts(await store.another().findByConversationId('c-1'))).toEqual(['u1', 'a1']);
        } finally {
          await server.close();
        }
      });
    });

    describe('when 200 writers, each its own app instance, add a turn to one conversation at once', () => {
      it('should keep every turn exactly once and never interleave two turns', async () => {
        const writers = Array.from({ length: 200 }, () =>
          MessageWindowChatMemory.builder().chatMemoryRepository(store.another()).maxMessages(1000).build(),
        );

        await Promise.all(writers.map((memory, n) => memory.add('shared', group(n))));

        expectWholeGroups(await store.repository.findByConversationId('shared'), 200);
      }, 60_000);
    });

    describe('when 200 writers add a turn to 200 conversations at once', () => {
      it('should store each turn in its own conversation, once', async () => {
        const memory = MessageWindowChatMemory.builder().chatMemoryRepository(store.repository).build();

        await Promise.all(Array.from({ length: 200 }, (_, n) => memory.add(`c-${n}`, group(n))));

        expect(await store.repository.findConversationIds()).toHaveLength(200);
        for (let n = 0; n < 200; n++) {
          expect(texts(await store.another().findByConversationId(`c-${n}`))).toEqual([`u${n}`, `a${n}`]);
        }
      }, 60_000);
    });
  });
}
