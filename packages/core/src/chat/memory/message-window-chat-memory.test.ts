import { errorOf } from '@sprout-ai/test';
import { AssistantMessage } from '../messages/assistant-message';
import type { Message } from '../messages/message';
import { SystemMessage } from '../messages/system-message';
import { ToolResponseMessage } from '../messages/tool-response-message';
import { UserMessage } from '../messages/user-message';
import { ConfigurationError } from '../../error/configuration-error';
import type { ChatMemoryRepository } from './chat-memory-repository';
import { InMemoryChatMemoryRepository } from './in-memory-chat-memory-repository';
import { DEFAULT_MAX_MESSAGES, MessageWindowChatMemory, applyMessageWindow } from './message-window-chat-memory';

const call = (id: string) => ({ id, type: 'function', name: 'lookup', arguments: '{}' });
const texts = (messages: readonly Message[]) =>
  messages.map((m) => ('text' in m ? m.text : `tool:${m.responses.map((r) => r.id).join(',')}`));

describe(MessageWindowChatMemory, () => {
  describe('constructor', () => {
    it('should default to a window of 20 messages over an in-memory repository', () => {
      const memory = new MessageWindowChatMemory();

      expect(memory.maxMessages).toBe(DEFAULT_MAX_MESSAGES);
      expect(DEFAULT_MAX_MESSAGES).toBe(20);
      expect(memory.chatMemoryRepository).toBeInstanceOf(InMemoryChatMemoryRepository);
    });

    it('should reject a window that is not a positive integer', () => {
      expect(errorOf(() => MessageWindowChatMemory.builder().maxMessages(0).build(), ConfigurationError)).toMatchObject(
        {
          setting: 'MessageWindowChatMemory maxMessages',
          value: 0,
          allowed: 'a positive integer',
          message: 'MessageWindowChatMemory maxMessages must be a positive integer, got 0.',
        },
      );
    });
  });

  describe('.add', () => {
    describe('when the conversation grows past the window', () => {
      it('should evict the oldest messages and keep the system message', async () => {
        const memory = MessageWindowChatMemory.builder().maxMessages(4).build();
        await memory.add('c', [new SystemMessage('sys'), new UserMessage('u1'), new AssistantMessage('a1')]);
        await memory.add('c', [new UserMessage('u2'), new AssistantMessage('a2')]);

        expect(texts(await memory.get('c'))).toEqual(['sys', 'a1', 'u2', 'a2']);
      });
    });

    describe('when the cut falls between a tool call and its responses', () => {
      it('should evict the tool responses with their call', async () => {
        const memory = MessageWindowChatMemory.builder().maxMessages(4).build();
        await memory.add('c', [
          new UserMessage('u1'),
          new AssistantMessage('', [call('t1')]),
          new ToolResponseMessage([{ id: 't1', name: 'lookup', responseData: '1' }]),
          new AssistantMessage('a1'),
        ]);
        await memory.add('c', [new UserMessage('u2')]);
        // 5 messages, window 4: evicting u1 alone is enough, so the tool group stays whole
        expect(texts(await memory.get('c'))).toEqual(['', 'tool:t1', 'a1', 'u2']);

        await memory.add('c', [new AssistantMessage('a2')]);
        // evicting the call would orphan its responses: both go, leaving 3 messages
        expect(texts(await memory.get('c'))).toEqual(['a1', 'u2', 'a2']);
      });
    });

    describe('when a new system message is added', () => {
      it('should replace the stored system message', async () => {
        const memory = new MessageWindowChatMemory();
        await memory.add('c', [new SystemMessage('old'), new UserMessage('u')]);
        await memory.add('c', [new SystemMessage('new')]);

        expect(texts(await memory.get('c'))).toEqual(['u', 'new']);
      });
    });

    describe('when many adds to one conversation run at once over a repository without update()', () => {
      it('should lose and duplicate no message', async () => {
        const inner = new InMemoryChatMemoryRepository();
        const slow: ChatMemoryRepository = {
          findConversationIds: () => inner.findConversationIds(),
          findByConversationId: async (id) => {
            await new Promise((resolve) => setTimeout(resolve, 1));
            return inner.findByConversationId(id);
          },
          saveAll: (id, messages) => inner.saveAll(id, messages),
          deleteByConversationId: (id) => inner.deleteByConversationId(id),
        };
        const memory = MessageWindowChatMemory.builder().chatMemoryRepository(slow).maxMessages(1000).build();

        await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            memory.add('c', [new UserMessage(`u${i}`), new AssistantMessage(`a${i}`)]),
          ),
        );

        const stored = texts(await memory.get('c'));
        expect(stored).toHaveLength(100);
        expect(new Set(stored).size).toBe(100);
        for (let i = 0; i < stored.length; i += 2) expect(stored[i + 1]).toBe(`a${stored[i].slice(1)}`);
      });
    });

    describe('when given a blank conversation id or a non-message', () => {
      it('should throw an error naming the problem', async () => {
        const memory = new MessageWindowChatMemory();

        await expect(memory.add(' ', [new UserMessage('u')])).rejects.toThrow(
          'A chat memory conversation id must be a non-blank string, got " ".',
        );
        await expect(memory.add('c', [{ text: 'hi' } as unknown as Message])).rejects.toThrow(
          /messages\[0\] is not a message/,
        );
      });
    });
  });

  describe('.clear', () => {
    it('should forget the conversation', async () => {
      const memory = new MessageWindowChatMemory();
      await memory.add('c', [new UserMessage('u')]);
      await memory.clear('c');

      expect(await memory.get('c')).toEqual([]);
      expect(await memory.chatMemoryRepository.findConversationIds()).toEqual([]);
    });
  });
});

describe(applyMessageWindow, () => {
  describe('when everything fits', () => {
    it('should append the new messages', () => {
      expect(texts(applyMessageWindow([new UserMessage('a')], [new AssistantMessage('b')], 2))).toEqual(['a', 'b']);
    });
  });
});
