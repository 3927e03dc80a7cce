import { SproutError } from '@sprout-ai/core';

/** Options of {@link ChatMemoryStoreError}. */
export interface ChatMemoryStoreErrorOptions {
  /** `sqlite` or `redis`. */
  readonly store: string;
  /** What was being done, e.g. `save`, `read`, `delete`, `list`. */
  readonly operation: string;
  /** The conversation concerned, when there is one. */
  readonly conversationId?: string;
  /** The full message. */
  readonly message: string;
  readonly cause?: unknown;
}

/**
 * A chat memory store could not read or write a conversation (database locked or corrupt, Redis
 * unreachable, a stored message that cannot be read back …). Writes are atomic, so after a failed
 * write the conversation holds what it held before, or — when only the reply was lost — all of the
 * new messages, never part of them.
 */
export class ChatMemoryStoreError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.ChatMemoryStoreError');

  readonly store: string;
  readonly operation: string;
  readonly conversationId?: string;

  /** @param options - store, operation, conversation, message and cause */
  constructor(options: ChatMemoryStoreErrorOptions) {
    super(options.message, { cause: options.cause });
    this.store = options.store;
    this.operation = options.operation;
    this.conversationId = options.conversationId;
  }
}
