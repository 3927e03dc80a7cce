import { SproutError } from '@sprout-ai/core';

/**
 * A ChatClient, request spec or advisor was given a value it cannot use (a null tool, a blank
 * tool-context key, an advisor order out of range …). The message names the setting, the value
 * and the fix.
 *
 * @remarks Spring throws `IllegalArgumentException`/`IllegalStateException` for these.
 */
export class ChatClientConfigurationError extends SproutError {
  /** What was being set, e.g. `ToolCallingAdvisor advisorOrder` or `toolContext`. */
  readonly setting: string;
  /** The rejected value. */
  readonly value: unknown;

  /**
   * @param options - `setting`, the rejected `value` and the full `message`
   */
  constructor(options: { setting: string; value: unknown; message: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.setting = options.setting;
    this.value = options.value;
  }
}
