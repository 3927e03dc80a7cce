import { join } from 'node:path';
import { SqliteChatMemoryRepository } from '@sprout-ai/chat-memory';
import { MessageWindowChatMemory, UserMessage } from '@sprout-ai/core';

// The built package as a user's code loads it: through node_modules and the exports map to dist/.
describe('@sprout-ai/chat-memory entry', () => {
  it('should resolve to the build', () => {
    expect(require.resolve('@sprout-ai/chat-memory')).toBe(join(__dirname, '../dist/index.js'));
  });

  it('should keep a conversation in SQLite behind core chat memory', async () => {
    const repository = new SqliteChatMemoryRepository({ path: ':memory:' });
    try {
      const memory = MessageWindowChatMemory.builder().chatMemoryRepository(repository).build();
      await memory.add('c-1', [new UserMessage('My order is A123.')]);

      expect(await repository.findByConversationId('c-1')).toEqual([new UserMessage('My order is A123.')]);
    } finally {
      repository.close();
    }
  });
});
