import { ChatClient, MessageChatMemoryAdvisor } from '@sprout-ai/chat-client';
import { CHAT_MEMORY_CONVERSATION_ID, MessageWindowChatMemory } from '@sprout-ai/core';
import { chatModel } from './model';

const chatMemory = MessageWindowChatMemory.builder().maxMessages(20).build(); // in-memory store
const memory = MessageChatMemoryAdvisor.builder(chatMemory).build(); // outside the tool loop
const chatClient = ChatClient.builder(chatModel).defaultAdvisors(memory).build();

export async function chat(conversationId: string, text: string): Promise<string> {
  return chatClient
    .prompt(text)
    .advisors((advisor) => advisor.param(CHAT_MEMORY_CONVERSATION_ID, conversationId))
    .call()
    .content();
}
