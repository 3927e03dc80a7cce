import type { Message } from '../messages/message';
import type { ChatMemoryRepository } from './chat-memory-repository';

/**
 * Keeps conversations in a `Map` of this process: the default store, lost on restart and not
 * shared between instances. Messages are immutable, so they are stored as given.
 *
 * @see Spring AI `InMemoryChatMemoryRepository`
 */
export class InMemoryChatMemoryRepository implements ChatMemoryRepository {
  readonly #conversations = new Map<string, readonly Message[]>();

  async findConversationIds(): Promise<string[]> {
    return [...this.#conversations.keys()];
  }

  async findByConversationId(conversationId: string): Promise<Message[]> {
    return [...(this.#conversations.get(conversationId) ?? [])];
  }

  async saveAll(conversationId: string, messages: readonly Message[]): Promise<void> {
    this.#store(conversationId, messages);
  }

  async deleteByConversationId(conversationId: string): Promise<void> {
    this.#conversations.delete(conversationId);
  }

  /** Atomic because it runs synchronously between the read and the write. */
  async update(
    conversationId: string,
    change: (current: readonly Message[]) => readonly Message[],
  ): Promise<Message[]> {
    const next = change(this.#conversations.get(conversationId) ?? []);
    this.#store(conversationId, next);
    return [...next];
  }

  #store(conversationId: string, messages: readonly Message[]): void {
    if (messages.length === 0) this.#conversations.delete(conversationId);
    else this.#conversations.set(conversationId, Object.freeze([...messages]));
  }
}
