import {
  DEFAULT_ANTHROPIC_BASE_URL,
  DEFAULT_ANTHROPIC_IDLE_TIMEOUT_MS,
  DEFAULT_ANTHROPIC_MAX_TOKENS,
  DEFAULT_ANTHROPIC_MODEL,
} from '@sprout-ai/anthropic';
import type { PropertyReader } from './property-reader';

/** Keys of the `spring.ai.anthropic.*` group, as written in `application.properties`. */
export const ANTHROPIC_PROPERTY_KEYS = {
  baseUrl: 'spring.ai.anthropic.base-url',
  apiKey: 'spring.ai.anthropic.api-key',
  /** Sprout's: longest silence while an answer arrives (Spring has no such key). */
  idleTimeout: 'spring.ai.anthropic.chat.idle-timeout',
  model: 'spring.ai.anthropic.chat.options.model',
  maxTokens: 'spring.ai.anthropic.chat.options.max-tokens',
  temperature: 'spring.ai.anthropic.chat.options.temperature',
  topP: 'spring.ai.anthropic.chat.options.top-p',
  topK: 'spring.ai.anthropic.chat.options.top-k',
  stopSequences: 'spring.ai.anthropic.chat.options.stop-sequences',
} as const;

/** Environment variable read when `spring.ai.anthropic.api-key` is set nowhere else. */
export const ANTHROPIC_API_KEY_ENV = 'ANTHROPIC_API_KEY';

/** Default request options of the auto-configured Anthropic model (`spring.ai.anthropic.chat.options.*`). */
export interface AnthropicChatOptionsProperties {
  /**
   * Model name.
   * @defaultValue `DEFAULT_ANTHROPIC_MODEL` of `@sprout-ai/anthropic` (`claude-haiku-4-5`)
   */
  readonly model: string;
  /**
   * Upper bound on generated tokens (units: tokens); the API requires one.
   * @defaultValue `DEFAULT_ANTHROPIC_MAX_TOKENS` of `@sprout-ai/anthropic` (4096)
   */
  readonly maxTokens: number;
  /** 0–1; unset sends none (API version 2026-10-21 rejects it; compatible servers may take it). */
  readonly temperature?: number;
  /** 0–1; unset sends none (as `temperature`). */
  readonly topP?: number;
  /** A positive integer; unset sends none (as `temperature`). */
  readonly topK?: number;
  /** Texts that end the answer when generated; empty when unset. */
  readonly stopSequences: readonly string[];
}

/**
 * The `spring.ai.anthropic.*` properties, typed and validated.
 *
 * @see Spring AI `AnthropicConnectionProperties`, `AnthropicChatProperties`
 */
export interface AnthropicProperties {
  /**
   * Base URL, without `/v1` (a trailing `/v1` is dropped; the client adds `/v1/messages`).
   * @defaultValue `DEFAULT_ANTHROPIC_BASE_URL` of `@sprout-ai/anthropic` (`https://api.anthropic.com`)
   */
  readonly baseUrl: string;
  /** API key; `ANTHROPIC_API_KEY` in the environment is the fallback. */
  readonly apiKey?: string;
  /**
   * Longest silence while an answer's body arrives (JSON, or between stream events), in ms.
   * @defaultValue `DEFAULT_ANTHROPIC_IDLE_TIMEOUT_MS` of `@sprout-ai/anthropic` (60 s)
   * @remarks Not in Spring AI.
   */
  readonly idleTimeoutMs: number;
  /** Default request options (`spring.ai.anthropic.chat.options.*`). */
  readonly options: AnthropicChatOptionsProperties;
}

/**
 * Reads and validates the `spring.ai.anthropic.*` group. A missing API key is not an error here; the
 * Anthropic auto-configuration reports it when it has to build the model.
 *
 * @param reader - the resolved properties
 * @throws InvalidPropertyError naming the key, the value and what is allowed
 */
export function bindAnthropicProperties(reader: PropertyReader): AnthropicProperties {
  const k = ANTHROPIC_PROPERTY_KEYS;
  const positive = { accept: (n: number) => n > 0, allowed: 'a positive integer' };
  return {
    baseUrl: reader.url(k.baseUrl) ?? DEFAULT_ANTHROPIC_BASE_URL,
    apiKey: reader.string(k.apiKey),
    idleTimeoutMs: reader.durationMs(k.idleTimeout, DEFAULT_ANTHROPIC_IDLE_TIMEOUT_MS),
    options: {
      model: reader.string(k.model) ?? DEFAULT_ANTHROPIC_MODEL,
      maxTokens: reader.integer(k.maxTokens, DEFAULT_ANTHROPIC_MAX_TOKENS, positive),
      temperature: reader.number(k.temperature, { min: 0, max: 1 }),
      topP: reader.number(k.topP, { min: 0, max: 1 }),
      topK: reader.integer(k.topK, undefined, positive),
      stopSequences: reader.list(k.stopSequences),
    },
  };
}
