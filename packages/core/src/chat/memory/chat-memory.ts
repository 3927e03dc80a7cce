import type { Message } from '../messages/message';

/**
 * Advisor parameter holding the conversation id a memory advisor reads and writes:
 * `'chat_memory_conversation_id'` (Spring's key).
 *
 * @example
 * ```ts
 * chatClient.prompt('And the other one?').advisors((spec) => spec.param(CHAT_MEMORY_CONVERSATION_ID, 'c-42')).call();
 * ```
 * @see Spring AI `ChatMemory.CONVERSATION_ID`
 */
export const CHAT_MEMORY_CONVERSATION_ID = 'chat_memory_conversation_id';

/**
 * Conversation id a memory advisor uses when the request carries no
 * {@link CHAT_MEMORY_CONVERSATION_ID} parameter and the advisor was given no other default:
 * `'default'`. Every such request shares one conversation, so set the parameter in any
 * application with more than one user.
 *
 * @see Spring AI `ChatMemory.DEFAULT_CONVERSATION_ID`
 */
export const DEFAULT_CONVERSATION_ID = 'default';

/**
 * The messages a model should remember of each conversation. Implementations decide what to keep
 * (see `MessageWindowChatMemory`) and where (a `ChatMemoryRepository`).
 *
 * @see Spring AI `ChatMemory`
 */
export interface ChatMemory {
  /**
   * Appends messages to a conversation, as one atomic change: afterwards all of them are stored or,
   * when the promise rejects, none.
   *
   * @param conversationId - a non-blank id
   * @param messages - the messages, oldest first
   */
  add(conversationId: string, messages: readonly Message[]): Promise<void>;
  /**
   * @param conversationId - a non-blank id
   * @returns the remembered messages, oldest first; empty for an unknown conversation
   */
  get(conversationId: string): Promise<Message[]>;
  /**
   * Forgets a conversation.
   *
   * @param conversationId - a non-blank id
   */
  clear(conversationId: string): Promise<void>;
}

/**
 * The well-known keys of chat memory, as Spring spells them on its `ChatMemory` interface.
 *
 * @see Spring AI `ChatMemory`
 */
export const ChatMemory = Object.freeze({
  /** {@link CHAT_MEMORY_CONVERSATION_ID} */
  CONVERSATION_ID: CHAT_MEMORY_CONVERSATION_ID,
  /** {@link DEFAULT_CONVERSATION_ID} */
  DEFAULT_CONVERSATION_ID,
});
