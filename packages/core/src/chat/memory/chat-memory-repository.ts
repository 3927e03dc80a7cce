import type { Message } from '../messages/message';

/**
 * Where chat memory is stored: whole conversations, read and replaced by id.
 *
 * Every implementation keeps the full message set — system, user and assistant text, assistant tool
 * calls (id, name, raw argument text), tool responses (id, name, data) and each message's metadata —
 * so that a memory advisor inside the tool loop can replay the tool transcript.
 *
 * @remarks Beyond Spring: the optional {@link ChatMemoryRepository.update} is an atomic
 * read-modify-write. `MessageWindowChatMemory` uses it when present, so concurrent writers (also in
 * other processes, for shared stores) never lose or interleave each other's messages; without it,
 * writes are only serialized within one process.
 * @see Spring AI `ChatMemoryRepository`
 */
export interface ChatMemoryRepository {
  /** @returns the ids of every stored conversation, in no particular order */
  findConversationIds(): Promise<string[]>;
  /**
   * @param conversationId - the conversation
   * @returns its messages, oldest first; empty when unknown
   */
  findByConversationId(conversationId: string): Promise<Message[]>;
  /**
   * Replaces a conversation's messages in one atomic step (all or nothing). An empty list deletes
   * the conversation.
   *
   * @param conversationId - the conversation
   * @param messages - the new content, oldest first
   */
  saveAll(conversationId: string, messages: readonly Message[]): Promise<void>;
  /** Deletes a conversation; nothing happens when it does not exist. */
  deleteByConversationId(conversationId: string): Promise<void>;
  /**
   * Atomically replaces a conversation's messages with `change(current)`: no other write to the
   * conversation lands between the read and the write. An empty result deletes the conversation.
   *
   * @param conversationId - the conversation
   * @param change - a pure, synchronous function of the current messages; it may be called again
   * when a store retries after a conflicting write
   * @returns the messages now stored
   */
  update?(conversationId: string, change: (current: readonly Message[]) => readonly Message[]): Promise<Message[]>;
}
