import { chatMemoryRepositoryContract } from './__fixtures__/chat-memory-repository-contract';
import { InMemoryChatMemoryRepository } from '@sprout-ai/core';

describe(InMemoryChatMemoryRepository, () => {
  chatMemoryRepositoryContract(async () => {
    const repository = new InMemoryChatMemoryRepository();
    // one process, one map: "another instance" is the same store
    return { repository, another: () => repository, close: async () => undefined };
  });
});
