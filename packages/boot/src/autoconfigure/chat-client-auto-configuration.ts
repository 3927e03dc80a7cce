import {
  AdvisorParams,
  ChatClient,
  type ChatClientBuilder,
  ToolCallingAdvisor,
  type ToolCallingAdvisorBuilder,
} from '@sprout-ai/chat-client';
import type {
  ChatModel,
  ToolCallbackProvider,
  ToolCallingManager,
  ToolExecutionEligibilityChecker,
} from '@sprout-ai/core';
import { ContainerModule } from 'inversify';
import type { SproutProperties } from '../properties/sprout-properties';
import { SproutTokens } from '../sprout-tokens';
import { BoundToolCallingAdvisorBuilder } from './bound-tool-calling-advisor-builder';

/**
 * Binds the ChatClient side, when `spring.ai.chat.client.enabled` is true (the default), each only
 * when the user's modules have not bound it:
 * - `ToolCallingAdvisorBuilder` (singleton): if the user bound `ToolCallingAdvisor` (the class, as
 *   service id) to a subclass, a {@link BoundToolCallingAdvisorBuilder} that builds that binding;
 *   otherwise `ToolCallingAdvisor.builder()` with the container's `ToolCallingManager`, the order from
 *   `spring.ai.chat.client.tool-calling.advisor-order` and a bound `ToolExecutionEligibilityChecker` if any;
 * - `ChatClientBuilder` (transient: a fresh builder on every resolution): `ChatClient.builder(chatModel)`
 *   with that advisor builder, the scanned `@Tool` callbacks as default tools, and — when
 *   `spring.ai.chat.client.tool-calling.enabled=false` — the default advisor param that turns
 *   auto-registration of the loop off.
 *
 * @remarks Departure from Spring: Spring's `ChatClient.Builder` bean has no default tools; here the
 * scanned `@Tool` classes are registered as default tools of every auto-configured builder, so
 * bound tool classes are usable without `.tools(...)`. Build a client with `ChatClient.builder(model)`
 * for one without them.
 * @see Spring AI `ChatClientAutoConfiguration`
 */
export class ChatClientAutoConfiguration extends ContainerModule {
  /**
   * @param properties - the application's properties (the `chatClient` group is used)
   */
  constructor(properties: SproutProperties) {
    const config = properties.chatClient;
    super(({ bind, isBound }) => {
      if (!config.enabled) return;
      if (!isBound(SproutTokens.ToolCallingAdvisorBuilder)) {
        if (isBound(ToolCallingAdvisor)) {
          bind<ToolCallingAdvisorBuilder>(SproutTokens.ToolCallingAdvisorBuilder)
            .toDynamicValue(
              (context) => new BoundToolCallingAdvisorBuilder(() => context.get<unknown>(ToolCallingAdvisor)),
            )
            .inSingletonScope();
        } else {
          bind<ToolCallingAdvisorBuilder>(SproutTokens.ToolCallingAdvisorBuilder)
            .toDynamicValue((context) => {
              const builder = ToolCallingAdvisor.builder()
                .toolCallingManager(context.get<ToolCallingManager>(SproutTokens.ToolCallingManager))
                .advisorOrder(config.toolCallingAdvisorOrder);
              const checker = context.get<ToolExecutionEligibilityChecker>(
                SproutTokens.ToolExecutionEligibilityChecker,
                { optional: true },
              );
              return checker === undefined ? builder : builder.toolExecutionEligibilityChecker(checker);
            })
            .inSingletonScope();
        }
      }
      if (!isBound(SproutTokens.ChatClientBuilder)) {
        bind<ChatClientBuilder>(SproutTokens.ChatClientBuilder)
          .toDynamicValue((context) => {
            const builder = ChatClient.builder(context.get<ChatModel>(SproutTokens.ChatModel))
              .toolCallingAdvisorBuilder(context.get<ToolCallingAdvisorBuilder>(SproutTokens.ToolCallingAdvisorBuilder))
              .defaultTools(context.get<ToolCallbackProvider>(SproutTokens.ToolCallbackProvider));
            return config.toolCallingEnabled
              ? builder
              : builder.defaultAdvisors(AdvisorParams.toolCallingAdvisorAutoRegister(false));
          })
          .inTransientScope();
      }
    });
  }
}
