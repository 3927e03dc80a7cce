import { ANTHROPIC_PROPERTY_KEYS } from '../properties/anthropic-properties';
import { InvalidPropertyError } from '../properties/invalid-property-error';
import { type ChatModelProvider, CHAT_MODEL_PROVIDERS, MODEL_PROPERTY_KEYS } from '../properties/model-properties';
import { OPENAI_PROPERTY_KEYS } from '../properties/open-ai-properties';
import type { SproutProperties } from '../properties/sprout-properties';

/**
 * The provider of the auto-configured `ChatModel`: `spring.ai.model.chat` when set; else the one
 * whose API key is configured (`spring.ai.anthropic.api-key` / `ANTHROPIC_API_KEY`, or
 * `spring.ai.openai.api-key` / `spring.ai.openai.chat.api-key` / `OPENAI_API_KEY`); else `openai`,
 * whose auto-configuration then reports the missing key.
 *
 * @param properties - the application's properties
 * @returns `openai` or `anthropic`
 * @throws InvalidPropertyError when keys of both providers are configured and `spring.ai.model.chat` is not set
 * @see Spring AI `spring.ai.model.chat`
 * @remarks Spring binds the model of every provider starter on the classpath and lets
 * `spring.ai.model.chat` switch the others off; here the keys decide when the property is unset.
 */
export function selectChatModelProvider(properties: SproutProperties): ChatModelProvider {
  const chosen = properties.model.chat;
  if (chosen !== undefined) return chosen;
  const openAi = properties.openAi.chat.apiKey !== undefined;
  const anthropic = properties.anthropic.apiKey !== undefined;
  if (openAi && anthropic) {
    const openAiOrigin =
      properties.origin(OPENAI_PROPERTY_KEYS.chatApiKey) ??
      properties.origin(OPENAI_PROPERTY_KEYS.apiKey) ??
      OPENAI_PROPERTY_KEYS.apiKey;
    const anthropicOrigin = properties.origin(ANTHROPIC_PROPERTY_KEYS.apiKey) ?? ANTHROPIC_PROPERTY_KEYS.apiKey;
    throw new InvalidPropertyError({
      key: MODEL_PROPERTY_KEYS.chat,
      value: undefined,
      allowed: `one of ${CHAT_MODEL_PROVIDERS.join(', ')}`,
      hint:
        `API keys of two chat model providers are configured, OpenAI's (${openAiOrigin}) and Anthropic's ` +
        `(${anthropicOrigin}): set ${MODEL_PROPERTY_KEYS.chat}=openai or =anthropic, or bind your own ChatModel ` +
        'to SproutTokens.ChatModel.',
    });
  }
  return anthropic ? 'anthropic' : 'openai';
}
