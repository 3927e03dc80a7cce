import { ConfigurationError } from '@sprout-ai/core';
import { DEFAULT_MAX_REPEAT_ATTEMPTS } from './advisor/structured-output-validation-advisor';

/**
 * Options of one `.entity(Type, (spec) => …)` call.
 *
 * @example
 * ```ts
 * const answer = await chatClient.prompt('Where is A123?').call()
 *   .entity(OrderAnswer, (spec) => spec.validateSchema().useProviderStructuredOutput(false));
 * ```
 * @see Spring AI `ChatClient.EntityParamSpec`
 */
export class EntityParamSpec {
  /** `undefined`: as the model says it can (`ChatModel.nativeStructuredOutput`). */
  nativeStructuredOutput: boolean | undefined;
  /** `undefined`: no validation advisor. */
  maxRepeatAttempts: number | undefined;

  /**
   * Sends the schema to the provider as an API-level constraint (`true`), or appends format
   * instructions to the user message (`false`).
   *
   * @param enabled - @defaultValue true
   */
  useProviderStructuredOutput(enabled = true): this {
    this.nativeStructuredOutput = enabled;
    return this;
  }

  /**
   * Adds a `StructuredOutputValidationAdvisor` for this call: an answer that does not match the
   * schema is sent back to the model with the violations, up to `maxRepeatAttempts` times.
   *
   * @param maxRepeatAttempts - retries after the first answer, ≥ 0 @defaultValue 3
   * @throws ConfigurationError when it is not a non-negative integer
   */
  validateSchema(maxRepeatAttempts = DEFAULT_MAX_REPEAT_ATTEMPTS): this {
    if (!Number.isInteger(maxRepeatAttempts) || maxRepeatAttempts < 0) {
      throw new ConfigurationError({
        setting: 'validateSchema maxRepeatAttempts',
        value: maxRepeatAttempts,
        allowed: 'an integer ≥ 0',
      });
    }
    this.maxRepeatAttempts = maxRepeatAttempts;
    return this;
  }
}
