import { AssistantMessage } from '../messages/assistant-message';
import type { Message } from '../messages/message';
import { SystemMessage } from '../messages/system-message';
import { ToolResponseMessage } from '../messages/tool-response-message';
import { UserMessage } from '../messages/user-message';
import { ConfigurationError } from '../../error/configuration-error';
import type { ChatMemory } from './chat-memory';
import type { ChatMemoryRepository } from './chat-memory-repository';
import { InMemoryChatMemoryRepository } from './in-memory-chat-memory-repository';
import { KeyedLock } from './keyed-lock';

/** Default window of {@link MessageWindowChatMemory}: 20 messages. */
export const DEFAULT_MAX_MESSAGES = 20;

/** Options of {@link MessageWindowChatMemory}. */
export interface MessageWindowChatMemoryOptions {
  /** Where conversations are stored. @defaultValue a new {@link InMemoryChatMemoryRepository} */
  readonly chatMemoryRepository?: ChatMemoryRepository;
  /** Most messages kept per conversation (system messages included), at least 1. @defaultValue {@link DEFAULT_MAX_MESSAGES} */
  readonly maxMessages?: number;
}

/**
 * Chat memory that keeps the last `maxMessages` messages of each conversation in a
 * {@link ChatMemoryRepository}.
 *
 * When a conversation grows past the window, the oldest messages are evicted, except system
 * messages, which stay; adding a system message replaces the stored ones. Eviction never cuts a
 * tool-call group: when the cut would leave tool responses without the assistant message that
 * called them, those responses go too (so the window can hold fewer than `maxMessages`).
 *
 * Each {@link MessageWindowChatMemory.add} is one atomic read-modify-write: through the
 * repository's `update` when it has one (SQLite transaction, Redis compare-and-set), otherwise
 * read + `saveAll`; in both cases adds to one conversation are also queued one after another within
 * this process. So concurrent adds never lose or interleave each other's messages; with a store
 * shared by several processes this holds only for repositories that implement `update`.
 *
 * @example
 * ```ts
 * const chatMemory = MessageWindowChatMemory.builder().chatMemoryRepository(repository).maxMessages(30).build();
 * ```
 * @remarks Departures from Spring: the group-preserving eviction, and atomic, serialized adds
 * (Spring reads, trims and saves without coordination).
 * @see Spring AI `MessageWindowChatMemory`
 */
export class MessageWindowChatMemory implements ChatMemory {
  /** {@link DEFAULT_MAX_MESSAGES} */
  static readonly DEFAULT_MAX_MESSAGES = DEFAULT_MAX_MESSAGES;

  readonly chatMemoryRepository: ChatMemoryRepository;
  readonly maxMessages: number;
  readonly #lock = new KeyedLock();

  /**
   * @param options - repository and window size
   * @throws ConfigurationError when `maxMessages` is not a positive integer or the repository lacks a method
   */
  constructor(options: MessageWindowChatMemoryOptions = {}) {
    const maxMessages = options.maxMessages ?? DEFAULT_MAX_MESSAGES;
    if (!Number.isSafeInteger(maxMessages) || maxMessages < 1) {
      throw new ConfigurationError({
        setting: 'MessageWindowChatMemory maxMessages',
        value: maxMessages,
        allowed: 'a positive integer',
        message: `MessageWindowChatMemory maxMessages must be a positive integer, got ${String(maxMessages)}.`,
      });
    }
    const repository = options.chatMemoryRepository ?? new InMemoryChatMemoryRepository();
    for (const method of ['findConversationIds', 'findByConversationId', 'saveAll', 'deleteByConversationId']) {
      if (typeof (repository as unknown as Record<string, unknown>)[method] !== 'function') {
        throw new ConfigurationError({
          setting: 'MessageWindowChatMemory chatMemoryRepository',
          value: repository,
          allowed: 'a ChatMemoryRepository',
          message: `MessageWindowChatMemory chatMemoryRepository must implement ChatMemoryRepository; ${method}() is missing.`,
        });
      }
    }
    this.chatMemoryRepository = repository;
    this.maxMessages = maxMessages;
  }

  /** A builder: `MessageWindowChatMemory.builder().chatMemoryRepository(repo).maxMessages(20).build()`. */
  static builder(): MessageWindowChatMemoryBuilder {
    return new MessageWindowChatMemoryBuilder();
  }

  /**
   * Appends `messages` and applies the window, atomically.
   *
   * @throws ConfigurationError for a blank conversation id or a value that is not a message
   * @throws whatever the repository throws (the stored conversation is then unchanged)
   */
  async add(conversationId: string, messages: readonly Message[]): Promise<void> {
    requireConversationId(conversationId);
    messages.forEach(requireMessage);
    if (messages.length === 0) return;
    const change = (current: readonly Message[]): Message[] => applyMessageWindow(current, messages, this.maxMessages);
    await this.#lock.run(conversationId, async () => {
      const repository = this.chatMemoryRepository;
      if (repository.update !== undefined) {
        await repository.update(conversationId, change);
      } else {
        await repository.saveAll(conversationId, change(await repository.findByConversationId(conversationId)));
      }
    });
  }

  /** @throws ConfigurationError for a blank conversation id */
  async get(conversationId: string): Promise<Message[]> {
    requireConversationId(conversationId);
    return this.chatMemoryRepository.findByConversationId(conversationId);
  }

  /** @throws ConfigurationError for a blank conversation id */
  async clear(conversationId: string): Promise<void> {
    requireConversationId(conversationId);
    await this.#lock.run(conversationId, () => this.chatMemoryRepository.deleteByConversationId(conversationId));
  }
}

/** Builds a {@link MessageWindowChatMemory}. */
export class MessageWindowChatMemoryBuilder {
  #options: MessageWindowChatMemoryOptions = {};

  /** @param repository - where conversations are stored */
  chatMemoryRepository(repository: ChatMemoryRepository): this {
    this.#options = { ...this.#options, chatMemoryRepository: repository };
    return this;
  }

  /** @param maxMessages - most messages kept per conversation */
  maxMessages(maxMessages: number): this {
    this.#options = { ...this.#options, maxMessages };
    return this;
  }

  /** @throws ConfigurationError as the constructor does */
  build(): MessageWindowChatMemory {
    return new MessageWindowChatMemory(this.#options);
  }
}

/**
 * The window rule of {@link MessageWindowChatMemory}: `current` followed by `added`, where a system
 * message in `added` replaces the system messages of `current`, trimmed from the oldest non-system
 * message on until at most `maxMessages` remain, moving the cut past tool responses so no group is split.
 *
 * @param current - the stored messages
 * @param added - the new messages
 * @param maxMessages - the window size
 * @returns the messages to store
 */
export function applyMessageWindow(
  current: readonly Message[],
  added: readonly Message[],
  maxMessages: number,
): Message[] {
  const replacesSystem = added.some((message) => message instanceof SystemMessage);
  const all = [...(replacesSystem ? current.filter((m) => !(m instanceof SystemMessage)) : current), ...added];
  let toEvict = all.length - maxMessages;
  if (toEvict <= 0) return all;
  const kept: Message[] = [];
  let cutting = true;
  for (const message of all) {
    if (message instanceof SystemMessage) {
      kept.push(message);
    } else if (cutting && (toEvict > 0 || message instanceof ToolResponseMessage)) {
      toEvict--;
    } else {
      cutting = false;
      kept.push(message);
    }
  }
  return kept;
}

function requireConversationId(conversationId: unknown): asserts conversationId is string {
  if (typeof conversationId !== 'string' || conversationId.trim() === '') {
    throw new ConfigurationError({
      setting: 'conversationId',
      value: conversationId,
      allowed: 'a non-blank string',
      message: `A chat memory conversation id must be a non-blank string, got ${JSON.stringify(conversationId) ?? String(conversationId)}.`,
    });
  }
}

function requireMessage(message: unknown, index: number): void {
  if (
    !(message instanceof UserMessage) &&
    !(message instanceof AssistantMessage) &&
    !(message instanceof SystemMessage) &&
    !(message instanceof ToolResponseMessage)
  ) {
    throw new ConfigurationError({
      setting: 'ChatMemory messages',
      value: message,
      allowed: 'UserMessage, AssistantMessage, SystemMessage or ToolResponseMessage instances',
      message: `ChatMemory.add: messages[${index}] is not a message (${message === null ? 'null' : typeof message}); pass UserMessage, AssistantMessage, SystemMessage or ToolResponseMessage instances.`,
    });
  }
}
