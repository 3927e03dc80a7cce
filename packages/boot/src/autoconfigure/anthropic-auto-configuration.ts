import { AnthropicChatModel } from '@sprout-ai/anthropic';
import { ObservedChatModel } from '@sprout-ai/chat-client';
import type { ChatModel, ToolCallingManager } from '@sprout-ai/core';
import { ContainerModule } from 'inversify';
import { ANTHROPIC_API_KEY_ENV, ANTHROPIC_PROPERTY_KEYS } from '../properties/anthropic-properties';
import { InvalidPropertyError } from '../properties/invalid-property-error';
import { MODEL_PROPERTY_KEYS } from '../properties/model-properties';
import type { SproutProperties } from '../properties/sprout-properties';
import { SproutTokens } from '../sprout-tokens';
import { selectChatModelProvider } from './select-chat-model-provider';

/**
 * Binds `ChatModel` to an `ObservedChatModel` (a chat span per direct call; `spring.ai.chat.observations.*`
 * decide the content recorded) over an `AnthropicChatModel` built from `spring.ai.anthropic.*` (base URL, API
 * key, idle timeout, default model, max tokens, sampling options, stop sequences),
 * `spring.ai.retry.*` (the model alone retries: the client's own retries are off) and the
 * container's `ToolCallingManager`, when Anthropic is the selected provider (see
 * `selectChatModelProvider`) and the user's modules bound no `ChatModel`. Singleton.
 * `ObservedChatModel.unwrap` gives the `AnthropicChatModel`. A `ChatModel` the user binds is used as
 * is (wrap it in an `ObservedChatModel` to observe its direct calls).
 *
 * @throws InvalidPropertyError at start-up when Anthropic is selected and no API key is configured,
 * or when both providers' keys are configured and `spring.ai.model.chat` is not set
 * @see Spring AI `AnthropicChatAutoConfiguration`
 */
export class AnthropicAutoConfiguration extends ContainerModule {
  /**
   * @param properties - the application's properties (the `anthropic` and `model` groups are used)
   */
  constructor(properties: SproutProperties) {
    const anthropic = properties.anthropic;
    super(({ bind, isBound }) => {
      if (isBound(SproutTokens.ChatModel) || selectChatModelProvider(properties) !== 'anthropic') return;
      const apiKey = anthropic.apiKey;
      if (apiKey === undefined) {
        throw new InvalidPropertyError({
          key: ANTHROPIC_PROPERTY_KEYS.apiKey,
          value: undefined,
          allowed: 'an Anthropic API key',
          hint:
            `${MODEL_PROPERTY_KEYS.chat}=anthropic needs one: set ${ANTHROPIC_PROPERTY_KEYS.apiKey} in ` +
            `application.properties, or the environment variable ${ANTHROPIC_API_KEY_ENV} (or SPRING_AI_ANTHROPIC_API_KEY), ` +
            'or bind your own ChatModel to SproutTokens.ChatModel.',
        });
      }
      const { options } = anthropic;
      bind<ChatModel>(SproutTokens.ChatModel)
        .toDynamicValue(
          (context) =>
            new ObservedChatModel(
              new AnthropicChatModel({
                baseUrl: anthropic.baseUrl,
                apiKey,
                idleTimeoutMs: anthropic.idleTimeoutMs,
                retry: properties.retry,
                defaultOptions: {
                  model: options.model,
                  maxTokens: options.maxTokens,
                  temperature: options.temperature,
                  topP: options.topP,
                  topK: options.topK,
                  ...(options.stopSequences.length > 0 ? { stopSequences: options.stopSequences } : {}),
                },
                toolCallingManager: context.get<ToolCallingManager>(SproutTokens.ToolCallingManager),
              }),
              properties.chatClient.observations,
            ),
        )
        .inSingletonScope();
    });
  }
}
