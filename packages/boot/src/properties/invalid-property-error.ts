import { ConfigurationError } from '@sprout-ai/core';
import { redactCredentials } from '@sprout-ai/core/internal';

/**
 * A configuration property has a value Sprout cannot use, or a required one is missing. Thrown while
 * the properties are loaded (or when the service that needs the property is configured), so a
 * misconfigured application fails at start-up rather than on its first request. Its `setting` is
 * the property key and its `source` where the value came from.
 *
 * Catch it apart from other configuration errors to tell the operator which property to fix,
 * rather than treating it as a bug in the code.
 *
 * @example
 * ```text
 * Invalid value 'abc' for property 'spring.ai.tools.limits.max-total-tool-calls' (from application.properties:3):
 * expected a positive integer or -1 (unlimited).
 * ```
 * @remarks Spring Boot reports the same failure as a `BindException` wrapping a
 * `ConversionFailedException`; here one error carries the key, the value and what is allowed.
 * @see Spring Boot `BindException`
 */
export class InvalidPropertyError extends ConfigurationError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.InvalidPropertyError');

  /**
   * The raw text that was rejected; `undefined` when a required property is missing. The message
   * shows it with its credentials masked (`redis://app:***@host`); this field keeps it as written.
   */
  declare readonly value: string | undefined;

  /**
   * @param options.key - canonical key of the property
   * @param options.value - the rejected text, or `undefined` when the property is required but missing
   * @param options.allowed - what is allowed, phrased to follow "expected"
   * @param options.origin - where the value came from (file and line, environment variable, override)
   * @param options.hint - how to fix it, appended to the message (used for missing properties)
   * @param options.cause - the underlying error, if any
   */
  constructor(options: {
    key: string;
    value: string | undefined;
    allowed: string;
    origin?: string;
    hint?: string;
    cause?: unknown;
  }) {
    const from = options.origin ? ` (from ${options.origin})` : '';
    const head =
      options.value === undefined
        ? `Missing value for property '${options.key}'`
        : // Applications print this message: a rejected URL or key=value text may carry a password.
          `Invalid value '${redactCredentials(options.value)}' for property '${options.key}'${from}`;
    const hint = options.hint ? ` ${options.hint}` : '';
    super({
      setting: options.key,
      value: options.value,
      allowed: options.allowed,
      source: options.origin,
      message: `${head}: expected ${options.allowed}.${hint}`,
      cause: options.cause,
    });
  }
}
