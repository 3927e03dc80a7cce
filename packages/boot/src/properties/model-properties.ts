import type { PropertyReader } from './property-reader';

/** Keys of the `spring.ai.model.*` group: which provider serves each kind of model. */
export const MODEL_PROPERTY_KEYS = {
  chat: 'spring.ai.model.chat',
} as const;

/** The chat model providers Sprout auto-configures, as `spring.ai.model.chat` names them. */
export const CHAT_MODEL_PROVIDERS = ['openai', 'anthropic'] as const;

/** A chat model provider (`spring.ai.model.chat`). */
export type ChatModelProvider = (typeof CHAT_MODEL_PROVIDERS)[number];

/**
 * The `spring.ai.model.*` properties.
 *
 * @see Spring AI `SpringAIModelProperties`
 */
export interface ModelProperties {
  /**
   * The provider of the auto-configured `ChatModel`; unset lets the configured API keys decide (see
   * `selectChatModelProvider`).
   */
  readonly chat?: ChatModelProvider;
}

/**
 * Reads and validates the `spring.ai.model.*` group (values relaxed: `Anthropic`, `OPENAI`).
 *
 * @param reader - the resolved properties
 * @throws InvalidPropertyError when `spring.ai.model.chat` names no provider Sprout has
 */
export function bindModelProperties(reader: PropertyReader): ModelProperties {
  const text = reader.string(MODEL_PROPERTY_KEYS.chat)?.toLowerCase();
  if (text === undefined) return {};
  const chat = CHAT_MODEL_PROVIDERS.find((provider) => provider === text);
  if (chat === undefined) throw reader.invalid(MODEL_PROPERTY_KEYS.chat, `one of ${CHAT_MODEL_PROVIDERS.join(', ')}`);
  return { chat };
}
