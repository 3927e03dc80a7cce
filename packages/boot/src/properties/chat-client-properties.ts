import { Ordered, ToolCallingAdvisor } from '@sprout-ai/chat-client';
import type { PropertyReader } from './property-reader';

/** Keys of the `spring.ai.chat.client.*` group, as written in `application.properties`. */
export const CHAT_CLIENT_PROPERTY_KEYS = {
  enabled: 'spring.ai.chat.client.enabled',
  toolCallingEnabled: 'spring.ai.chat.client.tool-calling.enabled',
  advisorOrder: 'spring.ai.chat.client.tool-calling.advisor-order',
  logPrompt: 'spring.ai.chat.observations.log-prompt',
  logCompletion: 'spring.ai.chat.observations.log-completion',
} as const;

/** Default of `spring.ai.chat.client.enabled`. */
export const DEFAULT_CHAT_CLIENT_ENABLED = true;
/** Default of `spring.ai.chat.client.tool-calling.enabled`. */
export const DEFAULT_TOOL_CALLING_ENABLED = true;

/**
 * The `spring.ai.chat.client.*` properties, typed and validated.
 *
 * @see Spring AI `ChatClientBuilderProperties`
 */
export interface ChatClientProperties {
  /** When false, no ChatClient builder and no tool-calling advisor builder are bound. @defaultValue true */
  readonly enabled: boolean;
  /**
   * When false, the auto-configured ChatClient builders set the advisor param that stops the
   * ToolCallingAdvisor from being auto-registered (a per-call `true` re-enables it). @defaultValue true
   */
  readonly toolCallingEnabled: boolean;
  /**
   * Order of the auto-configured ToolCallingAdvisor, strictly between `Ordered.HIGHEST_PRECEDENCE`
   * and `Ordered.LOWEST_PRECEDENCE`. @defaultValue `ToolCallingAdvisor.DEFAULT_ORDER` (HIGHEST_PRECEDENCE + 300)
   */
  readonly toolCallingAdvisorOrder: number;
  /**
   * `spring.ai.chat.observations.log-prompt` / `log-completion`: record the messages sent to the
   * model and its answers on the `chat {model}` spans (credentials masked). @defaultValue both false
   * @see Spring AI `ChatObservationProperties`
   */
  readonly observations: { readonly logPrompt: boolean; readonly logCompletion: boolean };
}

/** What {@link bindChatClientProperties} gives when no `spring.ai.chat.client.*` key is set. */
export const DEFAULT_CHAT_CLIENT_PROPERTIES: ChatClientProperties = Object.freeze({
  enabled: DEFAULT_CHAT_CLIENT_ENABLED,
  toolCallingEnabled: DEFAULT_TOOL_CALLING_ENABLED,
  toolCallingAdvisorOrder: ToolCallingAdvisor.DEFAULT_ORDER,
  observations: Object.freeze({ logPrompt: false, logCompletion: false }),
});

/**
 * Reads and validates the `spring.ai.chat.client.*` group.
 *
 * @param reader - the resolved properties
 * @throws InvalidPropertyError naming the key, the value and what is allowed
 */
export function bindChatClientProperties(reader: PropertyReader): ChatClientProperties {
  const k = CHAT_CLIENT_PROPERTY_KEYS;
  return {
    enabled: reader.boolean(k.enabled, DEFAULT_CHAT_CLIENT_ENABLED),
    toolCallingEnabled: reader.boolean(k.toolCallingEnabled, DEFAULT_TOOL_CALLING_ENABLED),
    toolCallingAdvisorOrder: reader.integer(k.advisorOrder, ToolCallingAdvisor.DEFAULT_ORDER, {
      accept: (n) => n > Ordered.HIGHEST_PRECEDENCE && n < Ordered.LOWEST_PRECEDENCE,
      allowed:
        `an integer strictly between ${Ordered.HIGHEST_PRECEDENCE} (HIGHEST_PRECEDENCE) and ` +
        `${Ordered.LOWEST_PRECEDENCE} (LOWEST_PRECEDENCE)`,
    }),
    observations: {
      logPrompt: reader.boolean(k.logPrompt, false),
      logCompletion: reader.boolean(k.logCompletion, false),
    },
  };
}
