import type {
  ChatClientBuilder,
  ToolApprovalStore,
  ToolCallingAdvisorBuilder,
  ToolIndex,
  ToolSearchEvictionStrategy,
} from '@sprout-ai/chat-client';
import type {
  ChatMemory,
  ChatMemoryRepository,
  ChatModel,
  EmbeddingModel,
  ToolCallbackProvider,
  ToolApprovalPolicy,
  ToolCallbackResolver,
  ToolCallingManager,
  ToolExecutionEligibilityChecker,
  ToolExecutionExceptionProcessor,
} from '@sprout-ai/core';
import type { SproutProperties } from './properties/sprout-properties';

/**
 * A typed inversify service identifier: a symbol that remembers the type it resolves to, so
 * `app.get(SproutTokens.ChatModel)` is a `ChatModel` without a type argument.
 */
export type ServiceToken<T> = symbol & { readonly __serviceType?: T };

function token<T>(name: string): ServiceToken<T> {
  return Symbol.for(`@sprout-ai/boot/${name}`);
}

/**
 * Service identifiers of everything Sprout binds. Bind one of them in your own `ContainerModule` and
 * the auto-configuration leaves it alone (the TypeScript form of `@ConditionalOnMissingBean`).
 *
 * @example
 * ```ts
 * new ContainerModule(({ bind }) => {
 *   bind(SproutTokens.ChatModel).toConstantValue(new ScriptedChatModel({ script }));
 * });
 * ```
 */
export const SproutTokens = {
  /** The resolved configuration (always bound by Sprout; not replaceable). */
  SproutProperties: token<SproutProperties>('SproutProperties'),
  /** The `@Tool` methods of every bound tool class, collected at start-up (always bound by Sprout). */
  ToolCallbackProvider: token<ToolCallbackProvider>('ToolCallbackProvider'),
  /** Turns a tool's `ToolExecutionError` into text for the model, or rethrows. */
  ToolExecutionExceptionProcessor: token<ToolExecutionExceptionProcessor>('ToolExecutionExceptionProcessor'),
  /** Looks tools up by name when resolution fallback is enabled. */
  ToolCallbackResolver: token<ToolCallbackResolver>('ToolCallbackResolver'),
  /** Executes tool calls, with the limits from `spring.ai.tools.limits.*`. */
  ToolCallingManager: token<ToolCallingManager>('ToolCallingManager'),
  /** Optional: decides whether a response asks for tool execution; used by the advisor builder when bound. */
  ToolExecutionEligibilityChecker: token<ToolExecutionEligibilityChecker>('ToolExecutionEligibilityChecker'),
  /**
   * The chat model: OpenAI's or Anthropic's, as `spring.ai.model.chat` or the configured API key selects,
   * wrapped in an `ObservedChatModel` (a chat span per direct call); a model you bind is used as is.
   */
  ChatModel: token<ChatModel>('ChatModel'),
  /** Template of the loop advisor that every ChatClient auto-registers per request. */
  ToolCallingAdvisorBuilder: token<ToolCallingAdvisorBuilder>('ToolCallingAdvisorBuilder'),
  /** A fresh, pre-configured ChatClient builder on every resolution (transient). */
  ChatClientBuilder: token<ChatClientBuilder>('ChatClientBuilder'),
  /**
   * The embedding model: an `OpenAiEmbeddingModel` from `spring.ai.openai.embedding.*` when an
   * OpenAI API key is configured; used by `tool-index-type=vector`.
   */
  EmbeddingModel: token<EmbeddingModel>('EmbeddingModel'),
  /**
   * Optional: the tool-search index. Bound, it replaces the one `…tool-search-advisor.tool-index-type`
   * would make (Spring's `ToolIndex` bean).
   */
  ToolIndex: token<ToolIndex>('ToolIndex'),
  /**
   * Optional: which tool-search sessions to forget. Bound (e.g. `NeverEvictStrategy.INSTANCE`), it
   * replaces the one the `…tool-search-advisor.eviction.*` keys would make.
   */
  ToolSearchEvictionStrategy: token<ToolSearchEvictionStrategy>('ToolSearchEvictionStrategy'),
  /** Where chat memory is stored, from `spring.ai.chat.memory.repository.*` (in-memory by default). */
  ChatMemoryRepository: token<ChatMemoryRepository>('ChatMemoryRepository'),
  /** `MessageWindowChatMemory` over the repository, window `spring.ai.chat.memory.max-messages`. */
  ChatMemory: token<ChatMemory>('ChatMemory'),
  /** Optional: decides from a call's arguments whether it needs approval (`sprout.tools.approval.*` rules come first). */
  ToolApprovalPolicy: token<ToolApprovalPolicy>('ToolApprovalPolicy'),
  /** Where turns paused for approval are kept: the chat memory repository, signed with `sprout.tools.approval.secret`. */
  ToolApprovalStore: token<ToolApprovalStore>('ToolApprovalStore'),
} as const;
