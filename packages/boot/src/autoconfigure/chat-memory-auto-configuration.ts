import { resolve } from 'node:path';
import { RedisChatMemoryRepository, SqliteChatMemoryRepository } from '@sprout-ai/chat-memory';
import { ContainerModule } from 'inversify';
import type { ChatMemoryProperties } from '../properties/chat-memory-properties';
import type { SproutProperties } from '../properties/sprout-properties';
import { SproutTokens } from '../sprout-tokens';
import {
  type ChatMemory,
  type ChatMemoryRepository,
  InMemoryChatMemoryRepository,
  MessageWindowChatMemory,
} from '@sprout-ai/core';

/**
 * Binds chat memory, each only when the user's modules have not bound it (singletons):
 * - `ChatMemoryRepository` from `spring.ai.chat.memory.repository.*`: `InMemoryChatMemoryRepository`,
 *   `SqliteChatMemoryRepository` (the file at `sqlite.path`) or `RedisChatMemoryRepository`
 *   (`redis.url`, `key-prefix`, `time-to-live`); a store it opened is closed by `app.close()`;
 * - `ChatMemory`: `MessageWindowChatMemory` over that repository with `spring.ai.chat.memory.max-messages`.
 * Nothing connects until `ChatMemory` or `ChatMemoryRepository` is first resolved. The SQLite and
 * Redis stores need their drivers, optional peer dependencies installed by the application
 * (`better-sqlite3`, `ioredis`); resolving a store whose driver is missing throws
 * `MissingPeerDependencyError` naming the package.
 *
 * The memory advisor is not registered on ChatClients automatically (as in Spring): add
 * `MessageChatMemoryAdvisor.builder(app.get(SproutTokens.ChatMemory)).build()` where you want memory.
 *
 * @see Spring AI `ChatMemoryAutoConfiguration`
 */
export class ChatMemoryAutoConfiguration extends ContainerModule {
  /**
   * @param properties - the application's properties (the `chatMemory` group is used)
   */
  constructor(properties: SproutProperties) {
    const config = properties.chatMemory;
    super(({ bind, isBound }) => {
      if (!isBound(SproutTokens.ChatMemoryRepository)) {
        bind<ChatMemoryRepository>(SproutTokens.ChatMemoryRepository)
          .toDynamicValue(() => createChatMemoryRepository(config))
          .inSingletonScope()
          .onDeactivation(async (repository) => {
            if (repository instanceof SqliteChatMemoryRepository) repository.close();
            if (repository instanceof RedisChatMemoryRepository) await repository.close();
          });
      }
      if (!isBound(SproutTokens.ChatMemory)) {
        bind<ChatMemory>(SproutTokens.ChatMemory)
          .toDynamicValue((context) =>
            MessageWindowChatMemory.builder()
              .chatMemoryRepository(context.get<ChatMemoryRepository>(SproutTokens.ChatMemoryRepository))
              .maxMessages(config.maxMessages)
              .build(),
          )
          .inSingletonScope();
      }
    });
  }
}

/**
 * The repository `spring.ai.chat.memory.repository.*` describes.
 *
 * @param config - the validated `spring.ai.chat.memory.*` group
 * @throws ChatMemoryStoreError when the SQLite file cannot be opened
 */
export function createChatMemoryRepository(config: ChatMemoryProperties): ChatMemoryRepository {
  switch (config.repositoryType) {
    case 'sqlite':
      return new SqliteChatMemoryRepository({ path: resolve(config.sqlitePath ?? '') });
    case 'redis':
      return new RedisChatMemoryRepository({
        url: config.redisUrl,
        keyPrefix: config.redisKeyPrefix,
        timeToLiveMs: config.redisTimeToLiveMs,
      });
    default:
      return new InMemoryChatMemoryRepository();
  }
}
