import type { PropertyReader } from './property-reader';
import { DEFAULT_MAX_MESSAGES } from '@sprout-ai/core';

/** Keys of the `spring.ai.chat.memory.*` group, as written in `application.properties`. */
export const CHAT_MEMORY_PROPERTY_KEYS = {
  maxMessages: 'spring.ai.chat.memory.max-messages',
  repositoryType: 'spring.ai.chat.memory.repository.type',
  sqlitePath: 'spring.ai.chat.memory.repository.sqlite.path',
  redisUrl: 'spring.ai.chat.memory.repository.redis.url',
  redisKeyPrefix: 'spring.ai.chat.memory.repository.redis.key-prefix',
  redisTimeToLive: 'spring.ai.chat.memory.repository.redis.time-to-live',
} as const;

/** Where chat memory is stored. */
export type ChatMemoryRepositoryType = 'in-memory' | 'sqlite' | 'redis';

/** Default Redis URL of the chat memory store. */
export const DEFAULT_CHAT_MEMORY_REDIS_URL = 'redis://127.0.0.1:6379';
/** Default Redis key prefix of the chat memory store. */
export const DEFAULT_CHAT_MEMORY_REDIS_KEY_PREFIX = 'chat-memory:';

/**
 * The `spring.ai.chat.memory.*` properties, typed and validated.
 *
 * | Key | Default | Meaning |
 * |---|---|---|
 * | `spring.ai.chat.memory.max-messages` | `20` | window of `MessageWindowChatMemory`, in messages |
 * | `spring.ai.chat.memory.repository.type` | `sqlite` when a SQLite path is set, else `in-memory` | `in-memory`, `sqlite` or `redis` |
 * | `spring.ai.chat.memory.repository.sqlite.path` | — (required for `sqlite`) | database file; relative to the working directory |
 * | `spring.ai.chat.memory.repository.redis.url` | `redis://127.0.0.1:6379` | `redis://[:password@]host:port[/db]` (or `rediss://`) |
 * | `spring.ai.chat.memory.repository.redis.key-prefix` | `chat-memory:` | prefix of each conversation's key |
 * | `spring.ai.chat.memory.repository.redis.time-to-live` | none | expiry after the last write: `500ms`, `30s`, `10m`, `12h`, `7d` (a bare number is milliseconds, as in Spring) |
 *
 * @remarks Spring has per-store starters with their own keys (`spring.ai.chat.memory.repository.jdbc.*`,
 * `spring.ai.chat.memory.redis.*`); Sprout chooses the store with one `repository.type` key.
 */
export interface ChatMemoryProperties {
  readonly maxMessages: number;
  readonly repositoryType: ChatMemoryRepositoryType;
  readonly sqlitePath?: string;
  readonly redisUrl: string;
  readonly redisKeyPrefix: string;
  /** Milliseconds; 0 = no expiry. */
  readonly redisTimeToLiveMs: number;
}

/** What {@link bindChatMemoryProperties} gives when no `spring.ai.chat.memory.*` key is set. */
export const DEFAULT_CHAT_MEMORY_PROPERTIES: ChatMemoryProperties = Object.freeze({
  maxMessages: DEFAULT_MAX_MESSAGES,
  repositoryType: 'in-memory',
  redisUrl: DEFAULT_CHAT_MEMORY_REDIS_URL,
  redisKeyPrefix: DEFAULT_CHAT_MEMORY_REDIS_KEY_PREFIX,
  redisTimeToLiveMs: 0,
});

/**
 * Reads and validates the `spring.ai.chat.memory.*` group.
 *
 * @param reader - the resolved properties
 * @throws InvalidPropertyError naming the key, the value and what is allowed
 */
export function bindChatMemoryProperties(reader: PropertyReader): ChatMemoryProperties {
  const k = CHAT_MEMORY_PROPERTY_KEYS;
  const sqlitePath = reader.string(k.sqlitePath);
  const type = reader.enumeration(
    k.repositoryType,
    ['IN_MEMORY', 'SQLITE', 'REDIS'] as const,
    sqlitePath ? 'SQLITE' : 'IN_MEMORY',
  );
  const repositoryType = type.toLowerCase().replace('_', '-') as ChatMemoryRepositoryType;
  if (repositoryType === 'sqlite' && sqlitePath === undefined) {
    throw reader.invalid(k.repositoryType, `in-memory or redis, or set ${k.sqlitePath} to use sqlite`);
  }
  const redisUrl = reader.string(k.redisUrl) ?? DEFAULT_CHAT_MEMORY_REDIS_URL;
  if (!/^rediss?:\/\/[^\s]+$/.test(redisUrl)) {
    throw reader.invalid(k.redisUrl, 'a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379');
  }
  const redisTimeToLiveMs = reader.durationMs(k.redisTimeToLive, 0, {
    accept: (ms) => ms >= 0,
    allowed: 'a duration such as 500ms, 30s, 10m, 12h or 7d (a bare number is milliseconds)',
  });
  return {
    maxMessages: reader.integer(k.maxMessages, DEFAULT_MAX_MESSAGES, {
      accept: (n) => n >= 1,
      allowed: 'a positive integer (messages)',
    }),
    repositoryType,
    sqlitePath,
    redisUrl,
    redisKeyPrefix: reader.string(k.redisKeyPrefix) ?? DEFAULT_CHAT_MEMORY_REDIS_KEY_PREFIX,
    redisTimeToLiveMs,
  };
}
