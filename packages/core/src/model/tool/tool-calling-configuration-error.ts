import { SproutError } from '../../error/sprout-error';

/**
 * A tool-calling component was configured with a value it cannot work with (a non-positive call
 * limit, a blank tool name, an unknown limit behaviour …). The message names the setting, the value
 * and what is allowed.
 *
 * @remarks Spring AI throws `IllegalArgumentException` for these.
 */
export class ToolCallingConfigurationError extends SproutError {
  /** The builder method or option that got the bad value, e.g. `maxCallsPerTool`. */
  readonly setting: string;
  /** The rejected value. */
  readonly value: unknown;

  /**
   * @param options - `setting` and `value` that were rejected, and the full `message`
   */
  constructor(options: { setting: string; value: unknown; message: string }) {
    super(options.message);
    this.setting = options.setting;
    this.value = options.value;
  }
}
