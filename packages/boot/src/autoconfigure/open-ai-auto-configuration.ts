import { ObservedChatModel } from '@sprout-ai/chat-client';
import type { ChatModel, ToolCallingManager } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { ContainerModule } from 'inversify';
import { ANTHROPIC_API_KEY_ENV, ANTHROPIC_PROPERTY_KEYS } from '../properties/anthropic-properties';
import { InvalidPropertyError } from '../properties/invalid-property-error';
import { OPENAI_API_KEY_ENV, OPENAI_PROPERTY_KEYS } from '../properties/open-ai-properties';
import type { SproutProperties } from '../properties/sprout-properties';
import { SproutTokens } from '../sprout-tokens';
import { selectChatModelProvider } from './select-chat-model-provider';

/**
 * Binds `ChatModel` to an `ObservedChatModel` (a chat span per direct call; `spring.ai.chat.observations.*`
 * decide the content recorded) over an `OpenAiChatModel` built from `spring.ai.openai.*` (effective base URL and
 * API key, organization and project, default options), `spring.ai.retry.*` (the model alone retries:
 * the `openai` client's own retries are off), `sprout.openai.chat.tool-call-id-pattern` and the container's `ToolCallingManager`,
 * when OpenAI is the selected provider (the default; see `selectChatModelProvider`) and the user's
 * modules bound no `ChatModel`. Singleton. `ObservedChatModel.unwrap` gives the `OpenAiChatModel`.
 * A `ChatModel` the user binds is used as is (wrap it in an `ObservedChatModel` to observe its direct calls).
 *
 * @throws InvalidPropertyError at start-up when the model is needed and no API key is configured,
 * or when both providers' keys are configured and `spring.ai.model.chat` is not set
 * @see Spring AI `OpenAiChatAutoConfiguration`
 */
export class OpenAiAutoConfiguration extends ContainerModule {
  /**
   * @param properties - the application's properties (the `openAi` group is used)
   */
  constructor(properties: SproutProperties) {
    const chat = properties.openAi.chat;
    super(({ bind, isBound }) => {
      if (isBound(SproutTokens.ChatModel) || selectChatModelProvider(properties) !== 'openai') return;
      const apiKey = chat.apiKey;
      if (apiKey === undefined) {
        throw new InvalidPropertyError({
          key: OPENAI_PROPERTY_KEYS.apiKey,
          value: undefined,
          allowed: 'an OpenAI API key',
          hint:
            `Set ${OPENAI_PROPERTY_KEYS.apiKey} in application.properties, or the environment variable ` +
            `${OPENAI_API_KEY_ENV} (or SPRING_AI_OPENAI_API_KEY), or bind your own ChatModel to SproutTokens.ChatModel. ` +
            `For Anthropic, set ${ANTHROPIC_PROPERTY_KEYS.apiKey} (or ${ANTHROPIC_API_KEY_ENV}) instead.`,
        });
      }
      bind<ChatModel>(SproutTokens.ChatModel)
        .toDynamicValue(
          (context) =>
            new ObservedChatModel(
              new OpenAiChatModel({
                baseUrl: chat.baseUrl,
                apiKey,
                idleTimeoutMs: chat.idleTimeoutMs,
                toolCallIdPattern: chat.toolCallIdPattern,
                nativeStructuredOutput: chat.nativeStructuredOutput,
                retry: properties.retry,
                organization: chat.organizationId,
                project: chat.projectId,
                defaultOptions: chat.options,
                toolCallingManager: context.get<ToolCallingManager>(SproutTokens.ToolCallingManager),
              }),
              properties.chatClient.observations,
            ),
        )
        .inSingletonScope();
    });
  }
}
