// Public surface of @sprout-ai/chat-memory: chat memory stores beyond the in-memory default.
export { ChatMemoryStoreError, type ChatMemoryStoreErrorOptions } from './chat-memory-store-error';
export {
  type StoredMessage,
  type StoredMedia,
  MessageCodecError,
  toStoredMessage,
  fromStoredMessage,
  encodeMessage,
  decodeMessage,
} from './message-codec';
export {
  SqliteChatMemoryRepository,
  type SqliteChatMemoryRepositoryOptions,
  DEFAULT_SQLITE_TABLE_NAME,
} from './sqlite-chat-memory-repository';
export {
  RedisChatMemoryRepository,
  type RedisChatMemoryRepositoryOptions,
  DEFAULT_REDIS_KEY_PREFIX,
  DEFAULT_REDIS_URL,
  DEFAULT_REDIS_MAX_CONFLICT_RETRIES,
} from './redis-chat-memory-repository';
