import {
  bindChatClientProperties,
  type ChatClientProperties,
  DEFAULT_CHAT_CLIENT_PROPERTIES,
} from './chat-client-properties';
import {
  bindChatMemoryProperties,
  type ChatMemoryProperties,
  DEFAULT_CHAT_MEMORY_PROPERTIES,
} from './chat-memory-properties';
import { type AnthropicProperties, bindAnthropicProperties } from './anthropic-properties';
import { canonicalPropertyKey, environmentNames, isKnownPropertyKey, relaxedForm } from './known-properties';
import { bindModelProperties, type ModelProperties } from './model-properties';
import {
  bindToolApprovalProperties,
  DEFAULT_TOOL_APPROVAL_PROPERTIES,
  type ToolApprovalProperties,
} from './tool-approval-properties';
import { bindOpenAiProperties, type OpenAiProperties } from './open-ai-properties';
import {
  bindToolSearchAdvisorProperties,
  DEFAULT_TOOL_SEARCH_ADVISOR_PROPERTIES,
  type ToolSearchAdvisorProperties,
} from './tool-search-advisor-properties';
import {
  environmentVariableOrigin,
  type IntegerConstraint,
  isEnvironmentVariableOrigin,
  OVERRIDE_ORIGIN,
  PropertyReader,
  type PropertyValue,
} from './property-reader';
import { bindRetryProperties, DEFAULT_RETRY_PROPERTIES, type RetryProperties } from './retry-properties';
import {
  bindToolCallingProperties,
  DEFAULT_TOOL_CALLING_PROPERTIES,
  type ToolCallingProperties,
} from './tool-calling-properties';

/**
 * The application's resolved configuration: every key with its winning value and origin, plus the
 * typed groups Sprout binds. The groups are validated when the object is built, so holding a
 * `SproutProperties` means the `spring.ai.*` values are usable.
 *
 * @remarks Spring binds each group to its own `@ConfigurationProperties` bean; here one object
 * carries all groups, and applications can read their own keys with the typed accessors.
 * @see Spring Boot `Environment`, Spring AI `ToolCallingProperties`, `ChatClientBuilderProperties`,
 * `OpenAiChatProperties`, `AnthropicChatProperties`, `SpringAiRetryProperties`
 */
export class SproutProperties {
  /** `spring.ai.tools.*` */
  readonly toolCalling: ToolCallingProperties;
  /** `spring.ai.openai.*` */
  readonly openAi: OpenAiProperties;
  /** `spring.ai.retry.*` */
  readonly retry: RetryProperties;
  /** `spring.ai.anthropic.*` */
  readonly anthropic: AnthropicProperties;
  /** `spring.ai.model.*`: which provider serves the chat model */
  readonly model: ModelProperties;
  /** `spring.ai.chat.client.*` */
  readonly chatClient: ChatClientProperties;
  /** `spring.ai.chat.client.tool-search-advisor.*` */
  readonly toolSearchAdvisor: ToolSearchAdvisorProperties;
  /** `spring.ai.chat.memory.*` */
  readonly chatMemory: ChatMemoryProperties;
  /** `sprout.tools.approval.*` */
  readonly toolApproval: ToolApprovalProperties;

  private readonly values: Map<string, PropertyValue>;
  private readonly reader: PropertyReader;
  private readonly environment: Readonly<Record<string, string | undefined>>;

  /**
   * @param values - resolved values by canonical key, with their origins (see {@link loadProperties})
   * @param environment - environment variables for the application's own keys, bound on first read
   *   by the relaxed rule (`sprout.demo.orders.db-path` ← `SPROUT_DEMO_ORDERS_DB_PATH`); `spring.ai.*`
   *   keys Sprout knows are already in `values`
   * @throws InvalidPropertyError when a `spring.ai.*` value Sprout binds is not allowed
   */
  constructor(
    values: ReadonlyMap<string, PropertyValue>,
    environment: Readonly<Record<string, string | undefined>> = {},
  ) {
    this.values = new Map(values);
    this.environment = environment;
    this.reader = new PropertyReader(this.values);
    // A group with no key set is its defaults: nothing to read or validate.
    this.toolCalling = this.hasKeysUnder('spring.ai.tools')
      ? bindToolCallingProperties(this.reader, this.values.keys())
      : DEFAULT_TOOL_CALLING_PROPERTIES;
    this.openAi = bindOpenAiProperties(this.reader, this.values.keys());
    this.retry = this.hasKeysUnder('spring.ai.retry') ? bindRetryProperties(this.reader) : DEFAULT_RETRY_PROPERTIES;
    this.anthropic = bindAnthropicProperties(this.reader);
    this.model = bindModelProperties(this.reader);
    // The group also holds spring.ai.chat.observations.*, which the container's ChatModel reads too.
    this.chatClient =
      this.hasKeysUnder('spring.ai.chat.client') || this.hasKeysUnder('spring.ai.chat.observations')
        ? bindChatClientProperties(this.reader)
        : DEFAULT_CHAT_CLIENT_PROPERTIES;
    this.toolSearchAdvisor = this.hasKeysUnder('spring.ai.chat.client.tool-search-advisor')
      ? bindToolSearchAdvisorProperties(this.reader)
      : DEFAULT_TOOL_SEARCH_ADVISOR_PROPERTIES;
    this.chatMemory = this.hasKeysUnder('spring.ai.chat.memory')
      ? bindChatMemoryProperties(this.reader)
      : DEFAULT_CHAT_MEMORY_PROPERTIES;
    this.toolApproval = this.hasKeysUnder('sprout.tools.approval')
      ? bindToolApprovalProperties(this.reader)
      : DEFAULT_TOOL_APPROVAL_PROPERTIES;
  }

  /**
   * Properties from a plain record (keys in any relaxed style), with no file or environment — handy in tests.
   *
   * @param record - e.g. `{ 'spring.ai.openai.api-key': 'sk-test' }`
   * @throws InvalidPropertyError when a value is not allowed
   */
  static from(record: Readonly<Record<string, string>>): SproutProperties {
    const values = new Map<string, PropertyValue>();
    for (const [key, value] of Object.entries(record))
      values.set(canonicalPropertyKey(key), { value, origin: OVERRIDE_ORIGIN });
    return new SproutProperties(values);
  }

  /** Every resolved key (canonical form), in no particular order. */
  keys(): string[] {
    return [...this.values.keys()];
  }

  /**
   * True when some resolved key lies under `prefix` (compared in Spring's relaxed form), e.g.
   * `hasKeysUnder('spring.ai.mcp.client')` — lets an optional group skip binding when it is not configured.
   */
  hasKeysUnder(prefix: string): boolean {
    const relaxedPrefix = `${relaxedForm(prefix)}.`;
    for (const key of this.values.keys()) if (relaxedForm(key).startsWith(relaxedPrefix)) return true;
    return false;
  }

  /** True when the key has a value (from any source). The key may be written in any relaxed style. */
  has(key: string): boolean {
    return this.values.has(this.bind(key));
  }

  /** The raw value (untrimmed), or `undefined`. */
  get(key: string): string | undefined {
    return this.values.get(this.bind(key))?.value;
  }

  /** Where the value came from, e.g. `application.properties:3`, `environment variable OPENAI_API_KEY`, `override`. */
  origin(key: string): string | undefined {
    return this.values.get(this.bind(key))?.origin;
  }

  /** The trimmed value, or `defaultValue` when unset or blank. */
  getString(key: string, defaultValue: string): string;
  getString(key: string): string | undefined;
  getString(key: string, defaultValue?: string): string | undefined {
    return this.reader.string(this.bind(key)) ?? defaultValue;
  }

  /** `true`/`false`, or `defaultValue` when unset. @throws InvalidPropertyError for other text */
  getBoolean(key: string, defaultValue: boolean): boolean {
    return this.reader.boolean(this.bind(key), defaultValue);
  }

  /**
   * A whole number within `[min, max]`, or `defaultValue` when unset.
   *
   * @throws InvalidPropertyError when not a whole number in range
   */
  getInteger(key: string, defaultValue: number, range: { min?: number; max?: number } = {}): number {
    const min = range.min ?? Number.MIN_SAFE_INTEGER;
    const max = range.max ?? Number.MAX_SAFE_INTEGER;
    const constraint: IntegerConstraint = {
      accept: (n) => n >= min && n <= max,
      allowed:
        range.min === undefined && range.max === undefined ? 'an integer' : `an integer between ${min} and ${max}`,
    };
    return this.reader.integer(this.bind(key), defaultValue, constraint);
  }

  /**
   * A positive duration in milliseconds, or `defaultMs` when unset: `500ms`, `30s`, `2m`, `12h`,
   * `7d`, or a bare number of milliseconds (Spring's simple `Duration` form).
   *
   * @throws InvalidPropertyError for other text or a duration that is not positive
   */
  getDurationMs(key: string, defaultMs: number): number {
    return this.reader.durationMs(this.bind(key), defaultMs);
  }

  /** A comma-separated list (items trimmed, blanks dropped); empty when unset. */
  getList(key: string): string[] {
    return this.reader.list(this.bind(key));
  }

  /**
   * The canonical key, after letting an environment variable override a file value of an
   * application-defined key (env beats file, as in Spring; overrides beat env).
   */
  private bind(key: string): string {
    const canonical = canonicalPropertyKey(key);
    // Sprout's own keys already took their environment variables in loadProperties.
    if (isKnownPropertyKey(canonical)) return canonical;
    const current = this.values.get(canonical);
    if (current?.origin === OVERRIDE_ORIGIN || isEnvironmentVariableOrigin(current?.origin)) return canonical;
    for (const name of environmentNames(canonical)) {
      const value = this.environment[name];
      if (value !== undefined) {
        this.values.set(canonical, { value, origin: environmentVariableOrigin(name) });
        break;
      }
    }
    return canonical;
  }
}
