import { DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_IDLE_TIMEOUT_MS, DEFAULT_OPENAI_MODEL } from '@sprout-ai/openai';
import { TOOL_CALL_ID_PATTERN_FORMS, ToolCallIdRule } from '@sprout-ai/openai/internal';
import type { PropertyReader } from './property-reader';

/** Keys of the `spring.ai.openai.*` group, as written in `application.properties`. */
export const OPENAI_PROPERTY_KEYS = {
  baseUrl: 'spring.ai.openai.base-url',
  apiKey: 'spring.ai.openai.api-key',
  chatBaseUrl: 'spring.ai.openai.chat.base-url',
  chatApiKey: 'spring.ai.openai.chat.api-key',
  /** Sprout's: longest silence while an answer arrives (Spring has no such key). */
  idleTimeout: 'spring.ai.openai.chat.idle-timeout',
  model: 'spring.ai.openai.chat.options.model',
  temperature: 'spring.ai.openai.chat.options.temperature',
  maxTokens: 'spring.ai.openai.chat.options.max-tokens',
  strict: 'spring.ai.openai.chat.options.strict',
  /** Sprout's: the server's rule for tool-call ids (Spring has no such key). */
  toolCallIdPattern: 'sprout.openai.chat.tool-call-id-pattern',
} as const;

/** Environment variable read when `spring.ai.openai.api-key` is set nowhere else. */
export const OPENAI_API_KEY_ENV = 'OPENAI_API_KEY';

/** Default request options of the auto-configured chat model (`spring.ai.openai.chat.options.*`). */
export interface OpenAiChatOptionsProperties {
  /** @defaultValue `DEFAULT_OPENAI_MODEL` of `@sprout-ai/openai` (`gpt-4o-mini`) */
  readonly model: string;
  /** Sampling temperature, 0–2; unset leaves it to the API. */
  readonly temperature?: number;
  /** Upper bound on generated tokens (units: tokens); unset leaves it to the API. */
  readonly maxTokens?: number;
  /**
   * Send tools in OpenAI strict mode (schemas rewritten, `"strict": true`); `@Tool({ strict })`
   * wins per tool. Unset means false.
   */
  readonly strict?: boolean;
}

/** The chat model's connection and options (`spring.ai.openai.chat.*`). */
export interface OpenAiChatProperties {
  /** Effective base URL: `spring.ai.openai.chat.base-url`, else `spring.ai.openai.base-url`. */
  readonly baseUrl: string;
  /** Effective API key: `spring.ai.openai.chat.api-key`, else `spring.ai.openai.api-key`. */
  readonly apiKey?: string;
  /**
   * Longest silence while an answer's body arrives (JSON, or between stream chunks), in ms.
   * @defaultValue `DEFAULT_OPENAI_IDLE_TIMEOUT_MS` of `@sprout-ai/openai` (60 s)
   * @remarks Not in Spring AI.
   */
  readonly idleTimeoutMs: number;
  /**
   * The server's rule for tool-call ids, e.g. `^[a-zA-Z0-9]{9}$` (Mistral); ids it rejects are sent
   * as ids derived from them (`OpenAiChatModel`'s `toolCallIdPattern`). Unset sends ids as they are.
   * @remarks Not in Spring AI.
   */
  readonly toolCallIdPattern?: string;
  readonly options: OpenAiChatOptionsProperties;
}

/**
 * The `spring.ai.openai.*` properties, typed and validated. The chat-level `base-url`/`api-key`
 * override the shared ones, as in Spring.
 *
 * @see Spring AI `OpenAiConnectionProperties`, `OpenAiChatProperties`
 */
export interface OpenAiProperties {
  /**
   * Shared base URL, with or without `/v1` (`OpenAiChatModel` appends `/v1` to a URL without a path).
   * @defaultValue `DEFAULT_OPENAI_BASE_URL` of `@sprout-ai/openai` (`https://api.openai.com`)
   */
  readonly baseUrl: string;
  /** Shared API key; `OPENAI_API_KEY` in the environment is the fallback. */
  readonly apiKey?: string;
  readonly chat: OpenAiChatProperties;
}

/**
 * Reads and validates the `spring.ai.openai.*` group. A missing API key is not an error here; the
 * OpenAI auto-configuration reports it when it has to build the model.
 *
 * @param reader - the resolved properties
 * @throws InvalidPropertyError naming the key, the value and what is allowed
 */
export function bindOpenAiProperties(reader: PropertyReader): OpenAiProperties {
  const k = OPENAI_PROPERTY_KEYS;
  const baseUrl = reader.url(k.baseUrl) ?? DEFAULT_OPENAI_BASE_URL;
  const apiKey = reader.string(k.apiKey);
  return {
    baseUrl,
    apiKey,
    chat: {
      baseUrl: reader.url(k.chatBaseUrl) ?? baseUrl,
      apiKey: reader.string(k.chatApiKey) ?? apiKey,
      idleTimeoutMs: reader.durationMs(k.idleTimeout, DEFAULT_OPENAI_IDLE_TIMEOUT_MS),
      toolCallIdPattern: toolCallIdPattern(reader),
      options: {
        model: reader.string(k.model) ?? DEFAULT_OPENAI_MODEL,
        temperature: reader.number(k.temperature, { min: 0, max: 2 }),
        maxTokens: reader.integer(k.maxTokens, undefined, { accept: (n) => n > 0, allowed: 'a positive integer' }),
        strict: reader.string(k.strict) === undefined ? undefined : reader.boolean(k.strict, false),
      },
    },
  };
}

function toolCallIdPattern(reader: PropertyReader): string | undefined {
  const key = OPENAI_PROPERTY_KEYS.toolCallIdPattern;
  const pattern = reader.string(key);
  if (pattern === undefined) return undefined;
  try {
    ToolCallIdRule.parse(pattern, key);
  } catch {
    throw reader.invalid(key, TOOL_CALL_ID_PATTERN_FORMS);
  }
  return pattern;
}
