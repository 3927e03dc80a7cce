import {
  CHAT_MEMORY_CONVERSATION_ID,
  ConfigurationError,
  DEFAULT_CONVERSATION_ID,
  MessageWindowChatMemory,
  UserMessage,
} from '@sprout-ai/core';
import { ScriptedChatModel, assistantText } from '@sprout-ai/test';
import { ChatClient } from '../chat-client';
import { DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER } from './api/advisor';
import { isMemoryAdvisor } from './api/memory-advisor';
import { HIGHEST_PRECEDENCE } from './api/ordered';
import { MessageChatMemoryAdvisor } from './message-chat-memory-advisor';

describe(MessageChatMemoryAdvisor, () => {
  describe('constructor', () => {
    it("should be a MemoryAdvisor outside the tool loop by default (Spring's HIGHEST_PRECEDENCE + 200)", () => {
      const advisor = MessageChatMemoryAdvisor.builder(new MessageWindowChatMemory()).build();

      expect(isMemoryAdvisor(advisor)).toBe(true);
      expect(advisor.order).toBe(DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER);
      expect(advisor.order).toBe(HIGHEST_PRECEDENCE + 200);
      expect(advisor.defaultConversationId).toBe(DEFAULT_CONVERSATION_ID);
    });

    it('should reject a missing chat memory', () => {
      expect(() => new MessageChatMemoryAdvisor({ chatMemory: undefined as never })).toThrow(ConfigurationError);
    });
  });

  describe('.adviseCall', () => {
    describe('when the request has no conversation id parameter', () => {
      it("should use the advisor's default conversation", async () => {
        const chatMemory = new MessageWindowChatMemory();
        const model = new ScriptedChatModel([assistantText('hi')]);
        const advisor = MessageChatMemoryAdvisor.builder(chatMemory).conversationId('shared').build();

        await ChatClient.builder(model).defaultAdvisors(advisor).build().prompt('hello').call().content();

        expect(await chatMemory.get('shared')).toHaveLength(2);
        expect(await chatMemory.get(DEFAULT_CONVERSATION_ID)).toEqual([]);
      });
    });

    describe('when the conversation id parameter is not a non-blank string', () => {
      it('should fail before calling the model, naming the parameter and how to set it', async () => {
        const model = new ScriptedChatModel([assistantText('hi')]);
        const client = ChatClient.builder(model)
          .defaultAdvisors(MessageChatMemoryAdvisor.builder(new MessageWindowChatMemory()).build())
          .build();

        await expect(
          client
            .prompt('hello')
            .advisors((spec) => spec.param(CHAT_MEMORY_CONVERSATION_ID, { id: 1 }))
            .call()
            .content(),
        ).rejects.toThrow(
          'The advisor parameter chat_memory_conversation_id must be a non-blank string, got {"id":1}. ' +
            "Set it with .advisors((spec) => spec.param('chat_memory_conversation_id', 'conversation-42')).",
        );
        expect(model.prompts).toHaveLength(0);
      });
    });

    describe('when the prompt repeats messages memory already holds', () => {
      it('should send them once', async () => {
        const chatMemory = new MessageWindowChatMemory();
        await chatMemory.add('c', [new UserMessage('q1')]);
        const model = new ScriptedChatModel([assistantText('a')]);
        const client = ChatClient.builder(model)
          .defaultAdvisors(MessageChatMemoryAdvisor.builder(chatMemory).conversationId('c').build())
          .build();

        await client.prompt().messages(new UserMessage('q1')).user('q2').call().content();

        expect(model.prompts[0].instructions.map((m) => ('text' in m ? m.text : ''))).toEqual(['q1', 'q2']);
      });
    });
  });
});
