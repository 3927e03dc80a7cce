import { randomUUID } from 'node:crypto';
import type { ChatMemoryRepository, Message } from '@sprout-ai/core';
import { createLogger, requireOptionalPeer } from '@sprout-ai/core/internal';
import type { Redis } from 'ioredis';
import { ChatMemoryStoreError } from './chat-memory-store-error';
import { type StoredMessage, fromStoredMessage, toStoredMessage } from './message-codec';

const logger = createLogger('RedisChatMemoryRepository');

/**
 * ioredis (~45 modules), an optional peer dependency: loaded when a repository creates its own
 * client, not at start-up, so applications without a Redis store need not install it.
 *
 * @throws MissingPeerDependencyError when ioredis is not installed
 */
function ioredis(): typeof import('ioredis') {
  return requireOptionalPeer<typeof import('ioredis')>(require, 'ioredis', 'RedisChatMemoryRepository');
}

/** Key prefix of {@link RedisChatMemoryRepository} when none is given. */
export const DEFAULT_REDIS_KEY_PREFIX = 'chat-memory:';
/** URL used when neither a client nor a URL is given. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** Conflicting concurrent writes an `update` retries before giving up. */
export const DEFAULT_REDIS_MAX_CONFLICT_RETRIES = 1000;

/** Options of {@link RedisChatMemoryRepository}. */
export interface RedisChatMemoryRepositoryOptions {
  /** An ioredis client to use; the caller owns (and quits) it. */
  readonly client?: Redis;
  /** Connection URL when no client is given, e.g. `redis://:password@host:6379/0`. @defaultValue {@link DEFAULT_REDIS_URL} */
  readonly url?: string;
  /** Prefix of every key; the rest of the key is the conversation id. @defaultValue {@link DEFAULT_REDIS_KEY_PREFIX} */
  readonly keyPrefix?: string;
  /** Expiry of a conversation after its last write, in milliseconds; none when absent or 0. */
  readonly timeToLiveMs?: number;
  /** @defaultValue {@link DEFAULT_REDIS_MAX_CONFLICT_RETRIES} */
  readonly maxConflictRetries?: number;
}

// KEYS[1] conversation hash. ARGV: expected version ('*' = any, '' = absent), new version,
// messages JSON ('' = delete), time to live in ms ('0' = none). Returns 1, or 0 on a version conflict.
const SAVE_SCRIPT = `
local current = redis.call('HGET', KEYS[1], 'version')
if ARGV[1] ~= '*' then
  if current == false then current = '' end
  if current ~= ARGV[1] then return 0 end
end
if ARGV[3] == '' then
  redis.call('DEL', KEYS[1])
  return 1
end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'messages', ARGV[3])
if tonumber(ARGV[4]) > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
else
  redis.call('PERSIST', KEYS[1])
end
return 1
`;

/**
 * Keeps conversations in Redis (ioredis): the store for several app instances behind a load
 * balancer. A conversation is one hash at `keyPrefix + conversationId` with the fields `messages`
 * (a JSON array of stored messages, see `StoredMessage`) and `version` (a random token changed by
 * every write).
 *
 * Writes are atomic and safe across instances: each write is one Lua script, applied entirely or
 * not at all; `update` reads the messages and version, applies the change, and writes only if the
 * version is still the one it read (optimistic compare-and-set), retrying after a conflicting write.
 * A client created from a URL fails a command after one lost reconnection attempt instead of
 * queueing it forever, and keeps reconnecting in the background.
 *
 * @example
 * ```ts
 * const repository = new RedisChatMemoryRepository({ url: 'redis://127.0.0.1:6379', timeToLiveMs: 86_400_000 });
 * ```
 * @remarks Spring's Redis store needs the RedisJSON/RediSearch modules; this one works on plain Redis.
 * @see Spring AI `RedisChatMemoryRepository`
 */
export class RedisChatMemoryRepository implements ChatMemoryRepository {
  readonly keyPrefix: string;
  readonly timeToLiveMs: number;
  readonly client: Redis;
  readonly #owned: boolean;
  readonly #maxConflictRetries: number;

  /**
   * @param options - client or URL, key prefix, time to live
   * @throws ChatMemoryStoreError for a negative time to live or an unparseable URL
   * @throws MissingPeerDependencyError when it creates its own client and ioredis is not installed
   */
  constructor(options: RedisChatMemoryRepositoryOptions = {}) {
    this.keyPrefix = options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX;
    this.timeToLiveMs = options.timeToLiveMs ?? 0;
    if (!Number.isSafeInteger(this.timeToLiveMs) || this.timeToLiveMs < 0) {
      throw new ChatMemoryStoreError({
        store: 'redis',
        operation: 'open',
        message: `Redis chat memory timeToLiveMs must be a whole number of milliseconds ≥ 0, got ${String(options.timeToLiveMs)}.`,
      });
    }
    this.#maxConflictRetries = options.maxConflictRetries ?? DEFAULT_REDIS_MAX_CONFLICT_RETRIES;
    this.#owned = options.client === undefined;
    if (options.client !== undefined) {
      this.client = options.client;
    } else {
      const url = options.url ?? DEFAULT_REDIS_URL;
      const { Redis } = ioredis();
      try {
        this.client = new Redis(url, { maxRetriesPerRequest: 1 });
      } catch (error) {
        throw new ChatMemoryStoreError({
          store: 'redis',
          operation: 'open',
          message: `Invalid Redis URL ${JSON.stringify(url)}: ${String(error)}. Use redis://[:password@]host:port[/db].`,
          cause: error,
        });
      }
      this.client.on('error', (error: Error) => logger.debug({ error: error.message }, 'Redis connection error'));
    }
  }

  async findConversationIds(): Promise<string[]> {
    const ids = new Set<string>();
    const pattern = `${escapeGlob(this.keyPrefix)}*`;
    try {
      let cursor = '0';
      do {
        const [next, keys] = await this.client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        for (const key of keys) ids.add(key.slice(this.keyPrefix.length));
      } while (cursor !== '0');
    } catch (error) {
      throw this.#error('list', undefined, error);
    }
    return [...ids];
  }

  async findByConversationId(conversationId: string): Promise<Message[]> {
    try {
      return this.#decode(await this.client.hget(this.#key(conversationId), 'messages'), conversationId);
    } catch (error) {
      throw this.#error('read', conversationId, error);
    }
  }

  async saveAll(conversationId: string, messages: readonly Message[]): Promise<void> {
    const encoded = this.#encode(messages, conversationId);
    try {
      await this.#save(conversationId, '*', encoded);
    } catch (error) {
      throw this.#error('save', conversationId, error);
    }
  }

  async deleteByConversationId(conversationId: string): Promise<void> {
    try {
      await this.client.del(this.#key(conversationId));
    } catch (error) {
      throw this.#error('delete', conversationId, error);
    }
  }

  /** Optimistic read-modify-write: retried while another writer changed the conversation in between. */
  async update(
    conversationId: string,
    change: (current: readonly Message[]) => readonly Message[],
  ): Promise<Message[]> {
    for (let attempt = 0; attempt <= this.#maxConflictRetries; attempt++) {
      let version: string | null;
      let current: Message[];
      try {
        const [storedVersion, stored] = await this.client.hmget(this.#key(conversationId), 'version', 'messages');
        version = storedVersion;
        current = this.#decode(stored, conversationId);
      } catch (error) {
        throw this.#error('read', conversationId, error);
      }
      const next = [...change(current)];
      const encoded = this.#encode(next, conversationId);
      let applied: boolean;
      try {
        applied = await this.#save(conversationId, version ?? '', encoded);
      } catch (error) {
        throw this.#error('save', conversationId, error);
      }
      if (applied) return next;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new ChatMemoryStoreError({
      store: 'redis',
      operation: 'save',
      conversationId,
      message:
        `Could not save conversation ${JSON.stringify(conversationId)} in Redis: it changed under ${this.#maxConflictRetries + 1} ` +
        'attempts in a row (too many concurrent writers). Nothing was written; retry, or raise maxConflictRetries.',
    });
  }

  /** Closes the connection when this repository opened it. */
  async close(): Promise<void> {
    if (this.#owned && this.client.status !== 'end') {
      try {
        await this.client.quit();
      } catch {
        this.client.disconnect();
      }
    }
  }

  async #save(conversationId: string, expectedVersion: string, encoded: string): Promise<boolean> {
    const result = await this.client.eval(
      SAVE_SCRIPT,
      1,
      this.#key(conversationId),
      expectedVersion,
      randomUUID(),
      encoded,
      String(this.timeToLiveMs),
    );
    return result === 1;
  }

  #key(conversationId: string): string {
    return `${this.keyPrefix}${conversationId}`;
  }

  #encode(messages: readonly Message[], conversationId: string): string {
    if (messages.length === 0) return '';
    try {
      return JSON.stringify(messages.map(toStoredMessage));
    } catch (error) {
      throw this.#error('save', conversationId, error);
    }
  }

  #decode(stored: string | null, conversationId: string): Message[] {
    if (stored === null) return [];
    try {
      return (JSON.parse(stored) as StoredMessage[]).map(fromStoredMessage);
    } catch (error) {
      throw this.#error('read', conversationId, error);
    }
  }

  #error(operation: string, conversationId: string | undefined, cause: unknown): ChatMemoryStoreError {
    if (ChatMemoryStoreError.isInstance(cause)) return cause;
    // duck-typed: native module errors may come from another realm (e.g. under jest)
    const text = (cause as { message?: unknown } | null)?.message;
    const reason = typeof text === 'string' ? text : String(cause);
    const subject = conversationId === undefined ? 'chat memory' : `conversation ${JSON.stringify(conversationId)}`;
    const where = `${this.client.options.host ?? '?'}:${this.client.options.port ?? '?'}`;
    const after =
      operation === 'save'
        ? ' Redis applies a save entirely or not at all, so the conversation holds its previous messages ' +
          '(or, if only the reply was lost, all of the new ones); retry once Redis is reachable.'
        : '';
    return new ChatMemoryStoreError({
      store: 'redis',
      operation,
      conversationId,
      message: `Could not ${operation} ${subject} in Redis at ${where}: ${reason}.${after}`,
      cause,
    });
  }
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}
