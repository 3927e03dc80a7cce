import { AssistantMessage, type Message, MessageWindowChatMemory, UserMessage } from '@sprout-ai/core';
import { Redis } from 'ioredis';
import { chatMemoryRepositoryContract } from './__fixtures__/chat-memory-repository-contract';
import { RedisTestServer } from './__fixtures__/redis-test-server';
import { ChatMemoryStoreError } from './chat-memory-store-error';
import { RedisChatMemoryRepository } from './redis-chat-memory-repository';

const turn = (n: number): Message[] => [new UserMessage(`u${n}`), new AssistantMessage(`a${n}`)];

describe(RedisChatMemoryRepository, () => {
  let server: RedisTestServer;
  let admin: Redis;

  beforeAll(async () => {
    server = await RedisTestServer.start();
    admin = new Redis(server.url, { maxRetriesPerRequest: 1 });
    admin.on('error', () => undefined);
  });

  afterAll(async () => {
    admin?.disconnect();
    await server?.stop();
  });

  describe('contract', () => {
    chatMemoryRepositoryContract(async () => {
      await admin.flushall();
      const repositories = [new RedisChatMemoryRepository({ url: server.url })];
      // a few connections shared by the "app instances", as several processes would have
      for (let i = 0; i < 7; i++) repositories.push(new RedisChatMemoryRepository({ url: server.url }));
      let next = 0;
      return {
        repository: repositories[0],
        another: () => repositories[next++ % repositories.length],
        close: async () => {
          await Promise.all(repositories.map((repository) => repository.close()));
        },
      };
    });
  });

  describe('.saveAll', () => {
    describe('when a time to live is configured', () => {
      it('should make the conversation expire after its last write', async () => {
        const repository = new RedisChatMemoryRepository({ url: server.url, keyPrefix: 'ttl:', timeToLiveMs: 60_000 });
        await repository.saveAll('c-1', turn(1));

        const ttl = await admin.pttl('ttl:c-1');
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(60_000);
        await repository.close();
      });
    });
  });

  describe('.update', () => {
    describe('when Redis stops in the middle of a save and is started again', () => {
      it('should fail with a clear error, keep the previous turn, and let the next turn be saved', async () => {
        await admin.flushall();
        const repository = new RedisChatMemoryRepository({ url: server.url, keyPrefix: 'crash:' });
        const memory = MessageWindowChatMemory.builder().chatMemoryRepository(repository).build();
        await memory.add('c-1', turn(1));

        // the turn's messages were read and merged; Redis goes down before they are written
        const failed = repository.update('c-1', (current) => {
          server.stopNow(true);
          return [...current, ...turn(2)];
        });

        await expect(failed).rejects.toThrow(ChatMemoryStoreError);
        await expect(failed).rejects.toThrow(
          /Could not save conversation "c-1" in Redis at 127\.0\.0\.1:\d+: .*Redis applies a save entirely or not at all/,
        );
        await server.exited();
        await server.restart();

        expect(await repository.findByConversationId('c-1')).toEqual(turn(1));
        await memory.add('c-1', turn(3));
        expect(await repository.findByConversationId('c-1')).toEqual([...turn(1), ...turn(3)]);
        await repository.close();
      }, 30_000);
    });
  });

  describe('.findByConversationId', () => {
    describe('when Redis is down', () => {
      it('should fail with an error naming the store and the conversation instead of hanging', async () => {
        const repository = new RedisChatMemoryRepository({ url: 'redis://127.0.0.1:1' });

        await expect(repository.findByConversationId('c-1')).rejects.toThrow(
          /Could not read conversation "c-1" in Redis at 127\.0\.0\.1:1/,
        );
        await repository.close();
      });
    });
  });
});
