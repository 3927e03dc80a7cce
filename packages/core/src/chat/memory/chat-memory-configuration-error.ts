import { SproutError } from '../../error/sprout-error';

/**
 * Chat memory was given a value it cannot use: a window that is not a positive integer, a
 * repository without the `ChatMemoryRepository` methods, a blank conversation id, or something
 * that is not a message. The message names the setting, the value and the fix.
 *
 * @remarks Spring throws `IllegalArgumentException` for these.
 */
export class ChatMemoryConfigurationError extends SproutError {
  /** What was being set, e.g. `MessageWindowChatMemory maxMessages` or `conversationId`. */
  readonly setting: string;
  /** The rejected value. */
  readonly value: unknown;

  /**
   * @param options - `setting`, the rejected `value` and the full `message`
   */
  constructor(options: { setting: string; value: unknown; message: string }) {
    super(options.message);
    this.setting = options.setting;
    this.value = options.value;
  }
}
