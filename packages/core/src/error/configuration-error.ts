import { redactCredentials } from '../util/redact-credentials';
import { SproutError } from './sprout-error';

/** Options of {@link ConfigurationError}. */
export interface ConfigurationErrorOptions {
  /**
   * What was being configured: a property key (`spring.ai.openai.base-url`), or a builder method or
   * option (`maxCallsPerTool`, `ToolCallingAdvisor advisorOrder`, `tools`).
   */
  readonly setting: string;
  /** The rejected value; `undefined` when a required setting is missing. */
  readonly value: unknown;
  /** What is allowed, phrased to follow "expected", e.g. `a positive integer`. */
  readonly allowed: string;
  /**
   * Where the value came from, e.g. `application.properties:3` or `environment variable
   * OPENAI_API_KEY`; omit it for a value passed in code.
   */
  readonly source?: string;
  /**
   * The full message. @defaultValue `Invalid value '<value>' for <setting> (from <source>): expected <allowed>.`,
   * the value's credentials masked
   */
  readonly message?: string;
  /** The underlying error, if any. */
  readonly cause?: unknown;
}

/**
 * A setting has a value Sprout cannot use, or a required one is missing: a builder or constructor
 * argument (a non-positive call limit, a `null` tool, a blank conversation id, an advisor order out
 * of range …) or a configuration property. Thrown when the component is configured, so a
 * misconfigured application fails at start-up rather than on its first request. The message names
 * the setting, the value and the fix; the fields give the same facts to code.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (ConfigurationError.isInstance(error)) console.error(`${error.setting}: expected ${error.allowed}`);
 * }
 * ```
 * @remarks Spring AI throws `IllegalArgumentException`/`IllegalStateException` for these, and
 * Spring Boot a `BindException` for a property; here one error shape carries setting, value, what
 * is allowed and where the value came from. Properties get the subclass `InvalidPropertyError`
 * (`@sprout-ai/boot`).
 */
export class ConfigurationError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.ConfigurationError');

  /** What was being configured, e.g. `maxCallsPerTool` or `spring.ai.tools.limits.max-total-tool-calls`. */
  readonly setting: string;
  /**
   * The rejected value as given; `undefined` when a required setting is missing. Messages show a
   * string value with its credentials masked (`redis://app:***@host`); this field keeps it as given.
   */
  readonly value: unknown;
  /** What is allowed, e.g. `a positive integer`. */
  readonly allowed: string;
  /** Where the value came from, e.g. `application.properties:3`; `undefined` for a value passed in code. */
  readonly source: string | undefined;

  /** @param options - setting, value, what is allowed, and optionally source, message and cause */
  constructor(options: ConfigurationErrorOptions) {
    super(options.message ?? defaultMessage(options), { cause: options.cause });
    this.setting = options.setting;
    this.value = options.value;
    this.allowed = options.allowed;
    this.source = options.source;
  }
}

function defaultMessage({ setting, value, allowed, source }: ConfigurationErrorOptions): string {
  if (value === undefined) return `Missing value for ${setting}: expected ${allowed}.`;
  const shown = typeof value === 'string' ? `'${redactCredentials(value)}'` : redactCredentials(shownValue(value));
  return `Invalid value ${shown} for ${setting}${source ? ` (from ${source})` : ''}: expected ${allowed}.`;
}

/** An object or array as JSON (String() would say `[object Object]`); other values as String() gives them. */
function shownValue(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  try {
    return JSON.stringify(value) ?? Object.prototype.toString.call(value);
  } catch {
    return Object.prototype.toString.call(value); // a cycle, or a bigint inside
  }
}
