import { SqliteChatMemoryRepository } from '@sprout-ai/chat-memory';
import { MessageWindowChatMemory } from '@sprout-ai/core';

export function openChatMemory(file: string) {
  const repository = new SqliteChatMemoryRepository({ path: file }); // the table is created on first use
  const chatMemory = MessageWindowChatMemory.builder().chatMemoryRepository(repository).maxMessages(50).build();
  return { chatMemory, close: () => repository.close() };
}
