import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChatMemoryAdvisor } from '@sprout-ai/chat-client';
import { RedisChatMemoryRepository, SqliteChatMemoryRepository } from '@sprout-ai/chat-memory';
import {
  CHAT_MEMORY_CONVERSATION_ID,
  type ChatMemory,
  InMemoryChatMemoryRepository,
  MessageWindowChatMemory,
  MissingPeerDependencyError,
  UserMessage,
} from '@sprout-ai/core';
import { ScriptedChatModel, assistantText } from '@sprout-ai/test';
import { ContainerModule } from 'inversify';
import { installedAgain, simulateNotInstalled } from '../__fixtures__/not-installed';
import { InvalidPropertyError } from '../properties/invalid-property-error';
import { SproutProperties } from '../properties/sprout-properties';
import { SproutApplication } from '../sprout-application';
import { SproutTokens } from '../sprout-tokens';
import { ChatMemoryAutoConfiguration } from './chat-memory-auto-configuration';

function run(properties: Record<string, string>, model = new ScriptedChatModel([])): Promise<SproutApplication> {
  return SproutApplication.run({
    propertiesFile: false,
    env: {},
    properties,
    modules: [
      new ContainerModule(({ bind }) => {
        bind(SproutTokens.ChatModel).toConstantValue(model);
      }),
    ],
  });
}

describe(ChatMemoryAutoConfiguration, () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-boot-memory-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('when no chat memory property is set', () => {
    it('should bind a 20-message window over the in-memory repository', async () => {
      const app = await run({});

      const memory = app.get(SproutTokens.ChatMemory) as MessageWindowChatMemory;
      expect(memory).toBeInstanceOf(MessageWindowChatMemory);
      expect(memory.maxMessages).toBe(20);
      expect(app.get(SproutTokens.ChatMemoryRepository)).toBeInstanceOf(InMemoryChatMemoryRepository);
      await app.close();
    });
  });

  describe('when a SQLite path is set', () => {
    it('should store conversations in that file, kept across application restarts', async () => {
      const path = join(dir, 'memory.db');
      const properties = {
        'spring.ai.chat.memory.repository.sqlite.path': path,
        'spring.ai.chat.memory.max-messages': '6',
      };
      const first = await run(properties, new ScriptedChatModel([assistantText('Noted, A123.')]));
      expect(first.get(SproutTokens.ChatMemoryRepository)).toBeInstanceOf(SqliteChatMemoryRepository);
      const advisor = MessageChatMemoryAdvisor.builder(first.get(SproutTokens.ChatMemory)).build();
      await first
        .chatClientBuilder()
        .defaultAdvisors(advisor)
        .build()
        .prompt('My order is A123.')
        .advisors((spec) => spec.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1'))
        .call()
        .content();
      await first.close();

      const second = await run(properties);
      const memory: ChatMemory = second.get(SproutTokens.ChatMemory);
      expect((await memory.get('c-1')).map((m) => ('text' in m ? m.text : ''))).toEqual([
        'My order is A123.',
        'Noted, A123.',
      ]);
      await second.close();
    });
  });

  describe('when the repository type is redis', () => {
    it('should bind a Redis repository with the URL, key prefix and time to live', async () => {
      const app = await run({
        'spring.ai.chat.memory.repository.type': 'redis',
        'spring.ai.chat.memory.repository.redis.url': 'redis://127.0.0.1:6390',
        'spring.ai.chat.memory.repository.redis.key-prefix': 'support:',
        'spring.ai.chat.memory.repository.redis.time-to-live': '12h',
      });

      const repository = app.get(SproutTokens.ChatMemoryRepository) as RedisChatMemoryRepository;
      expect(repository).toBeInstanceOf(RedisChatMemoryRepository);
      expect(repository.keyPrefix).toBe('support:');
      expect(repository.timeToLiveMs).toBe(12 * 3_600_000);
      expect(repository.client.options.port).toBe(6390);
      await app.close();
    });
  });

  describe("when the selected store's driver is not installed", () => {
    afterEach(() => {
      installedAgain('better-sqlite3');
      installedAgain('ioredis');
    });

    it.each([
      [
        { 'spring.ai.chat.memory.repository.sqlite.path': join(tmpdir(), 'sprout-unused', 'memory.db') },
        'better-sqlite3',
        'SqliteChatMemoryRepository',
      ],
      [{ 'spring.ai.chat.memory.repository.type': 'redis' }, 'ioredis', 'RedisChatMemoryRepository'],
    ])(
      'should start, and fail on first use of chat memory naming the package to install (%j)',
      async (properties, packageName, neededBy) => {
        simulateNotInstalled(packageName);
        const app = await run(properties);

        expect(() => app.get(SproutTokens.ChatMemory)).toThrow(MissingPeerDependencyError);
        expect(() => app.get(SproutTokens.ChatMemory)).toThrow(
          `${neededBy} needs the package ${packageName}, which is not installed (it is an optional peer dependency). ` +
            `Install it: npm install ${packageName}`,
        );
        await app.close();
      },
    );

    it('should need neither driver for the in-memory default', async () => {
      simulateNotInstalled('better-sqlite3');
      simulateNotInstalled('ioredis');
      const app = await run({});

      await app.get(SproutTokens.ChatMemory).add('c', [new UserMessage('hi')]);
      expect(await app.get(SproutTokens.ChatMemory).get('c')).toEqual([new UserMessage('hi')]);
      await app.close();
    });
  });

  describe('when the user bound a ChatMemoryRepository', () => {
    it('should use it', async () => {
      const mine = new InMemoryChatMemoryRepository();
      const app = await SproutApplication.run({
        propertiesFile: false,
        env: {},
        modules: [
          new ContainerModule(({ bind }) => {
            bind(SproutTokens.ChatModel).toConstantValue(new ScriptedChatModel([]));
            bind(SproutTokens.ChatMemoryRepository).toConstantValue(mine);
          }),
        ],
      });

      await app.get(SproutTokens.ChatMemory).add('c', [new UserMessage('hi')]);
      expect(await mine.findByConversationId('c')).toEqual([new UserMessage('hi')]);
      await app.close();
    });
  });

  describe('when a value is not allowed', () => {
    it.each([
      ['spring.ai.chat.memory.repository.type', 'mongo'],
      ['spring.ai.chat.memory.repository.type', 'sqlite'],
      ['spring.ai.chat.memory.max-messages', '0'],
      ['spring.ai.chat.memory.repository.redis.url', 'http://localhost'],
      ['spring.ai.chat.memory.repository.redis.time-to-live', 'soon'],
    ])('should reject %s=%s naming the key', (key, value) => {
      expect(() => SproutProperties.from({ [key]: value })).toThrow(InvalidPropertyError);
      expect(() => SproutProperties.from({ [key]: value })).toThrow(key);
    });
  });
});
