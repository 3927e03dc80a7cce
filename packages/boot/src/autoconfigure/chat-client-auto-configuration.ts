import {
  AdvisorParams,
  ChatClient,
  type ChatClientBuilder,
  CompositeEvictionStrategy,
  FullTextToolIndex,
  LruEvictionStrategy,
  RegexToolIndex,
  ToolApprovalStore,
  ToolCallingAdvisor,
  ToolCallingAdvisorBuilder,
  type ToolIndex,
  type ToolSearchEvictionStrategy,
  ToolSearchToolCallingAdvisor,
  TtlEvictionStrategy,
  VectorToolIndex,
} from '@sprout-ai/chat-client';
import type {
  ChatMemoryRepository,
  ChatModel,
  EmbeddingModel,
  ToolCallbackProvider,
  ToolCallingManager,
  ToolExecutionEligibilityChecker,
} from '@sprout-ai/core';
import { ContainerModule, type ResolutionContext } from 'inversify';
import { InvalidPropertyError } from '../properties/invalid-property-error';
import { OPENAI_PROPERTY_KEYS } from '../properties/open-ai-properties';
import type { SproutProperties } from '../properties/sprout-properties';
import {
  TOOL_SEARCH_ADVISOR_PROPERTY_KEYS,
  type ToolSearchAdvisorProperties,
} from '../properties/tool-search-advisor-properties';
import { SproutTokens } from '../sprout-tokens';
import { BoundToolCallingAdvisorBuilder } from './bound-tool-calling-advisor-builder';

/**
 * Binds the ChatClient side, when `spring.ai.chat.client.enabled` is true (the default), each only
 * when the user's modules have not bound it:
 * - `ToolCallingAdvisorBuilder` (singleton): if the user bound `ToolCallingAdvisor` (the class, as
 *   service id) to a subclass, a {@link BoundToolCallingAdvisorBuilder} that builds that binding;
 *   otherwise `ToolCallingAdvisor.builder()` with the container's `ToolCallingManager`, the order from
 *   `spring.ai.chat.client.tool-calling.advisor-order` and a bound `ToolExecutionEligibilityChecker` if any —
 *   or, when `spring.ai.chat.client.tool-search-advisor.enabled=true`, `ToolSearchToolCallingAdvisor.builder()`
 *   set from the `…tool-search-advisor.*` keys, with the same manager and checker; its index is the
 *   bound `SproutTokens.ToolIndex` if any, else the `tool-index-type` one (`vector` over the bound
 *   `SproutTokens.EmbeddingModel`), and its eviction the bound `SproutTokens.ToolSearchEvictionStrategy`
 *   if any, else LRU (`eviction.lru-max-sessions`), with TTL too when `eviction.ttl` is set;
 * - `ToolApprovalStore` (singleton): paused turns in the container's `ChatMemoryRepository`, signed with
 *   `sprout.tools.approval.secret`, accepting decisions for `sprout.tools.approval.time-to-live`; made
 *   when a turn first pauses or resumes, so a missing secret fails only those requests;
 * - `ChatClientBuilder` (transient: a fresh builder on every resolution): `ChatClient.builder(chatModel)`
 *   with that advisor builder, the scanned `@Tool` callbacks as default tools, and — when
 *   `spring.ai.chat.client.tool-calling.enabled=false` — the default advisor param that turns
 *   auto-registration of the loop off.
 *
 * Whatever binds them, the `ToolCallingAdvisor`s and advisor builders the container resolves run with
 * the container's `ToolCallingManager` (the `spring.ai.tools.*` settings) unless a manager was set on
 * them: `bind(SproutTokens.ToolCallingAdvisorBuilder).toConstantValue(MyAdvisor.builder())`,
 * `bind(ToolCallingAdvisor).to(MyAdvisor)` and `bind(ToolCallingAdvisor).toDynamicValue(() =>
 * MyAdvisor.builder().build())` all keep the configured limits and error handling.
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
    const toolSearch = properties.toolSearchAdvisor;
    super(({ bind, isBound, onActivation }) => {
      // Activation hooks apply to every binding of the id, the user's included (Spring's builder bean
      // receives the ToolCallingManager bean; here a user's advisor or builder is given it on resolution).
      onActivation<unknown>(ToolCallingAdvisor, (context, advisor) => {
        if (advisor instanceof ToolCallingAdvisor) advisor.useToolCallingManagerIfUnset(managerOf(context));
        return advisor;
      });
      onActivation<ToolCallingAdvisorBuilder>(SproutTokens.ToolCallingAdvisorBuilder, (context, builder) =>
        builder instanceof ToolCallingAdvisorBuilder &&
        !(builder instanceof BoundToolCallingAdvisorBuilder) &&
        builder.getToolCallingManager() === undefined
          ? builder.copy().toolCallingManager(managerOf(context))
          : builder,
      );
      if (!config.enabled) return;
      if (!isBound(SproutTokens.ToolApprovalStore)) {
        const { secret, timeToLiveMs } = properties.toolApproval;
        bind<ToolApprovalStore>(SproutTokens.ToolApprovalStore)
          .toDynamicValue(
            (context) =>
              new ToolApprovalStore({
                repository: context.get<ChatMemoryRepository>(SproutTokens.ChatMemoryRepository),
                ...(secret === undefined ? {} : { secret }),
                timeToLiveMs,
              }),
          )
          .inSingletonScope();
      }
      if (
        toolSearch.enabled &&
        toolSearch.toolIndexType === 'vector' &&
        !isBound(SproutTokens.ToolIndex) &&
        !isBound(SproutTokens.ToolCallingAdvisorBuilder) &&
        !isBound(SproutTokens.EmbeddingModel)
      ) {
        throw new InvalidPropertyError({
          key: TOOL_SEARCH_ADVISOR_PROPERTY_KEYS.toolIndexType,
          value: 'vector',
          allowed: 'regex, full-text or lucene when no EmbeddingModel is bound',
          hint:
            `tool-index-type=vector needs an embedding model: set ${OPENAI_PROPERTY_KEYS.apiKey} (or ` +
            `${OPENAI_PROPERTY_KEYS.embeddingApiKey}) for an OpenAiEmbeddingModel, or bind your own to ` +
            'SproutTokens.EmbeddingModel (or a ToolIndex to SproutTokens.ToolIndex).',
        });
      }
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
              const builder = (
                toolSearch.enabled
                  ? toolSearchAdvisorBuilder(toolSearch, context).toolCallingManager(managerOf(context))
                  : ToolCallingAdvisor.builder()
                      .toolCallingManager(managerOf(context))
                      .advisorOrder(config.toolCallingAdvisorOrder)
              ).toolApprovalStore(() => context.get<ToolApprovalStore>(SproutTokens.ToolApprovalStore));
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
              .defaultTools(context.get<ToolCallbackProvider>(SproutTokens.ToolCallbackProvider))
              .observationOptions(config.observations);
            return config.toolCallingEnabled
              ? builder
              : builder.defaultAdvisors(AdvisorParams.toolCallingAdvisorAutoRegister(false));
          })
          .inTransientScope();
      }
    });
  }
}

/**
 * The tool-search advisor builder that `spring.ai.chat.client.tool-search-advisor.*` describes, with
 * the user's bound `ToolIndex` and eviction strategy when there are.
 */
function toolSearchAdvisorBuilder(
  settings: ToolSearchAdvisorProperties,
  context: ResolutionContext,
): ToolCallingAdvisorBuilder {
  const index =
    context.get<ToolIndex>(SproutTokens.ToolIndex, { optional: true }) ?? configuredIndex(settings, context);
  const eviction =
    context.get<ToolSearchEvictionStrategy>(SproutTokens.ToolSearchEvictionStrategy, { optional: true }) ??
    configuredEviction(settings);
  const builder = ToolSearchToolCallingAdvisor.builder()
    .toolIndex(index)
    .evictionStrategy(eviction)
    .referenceToolNameAccumulation(settings.referenceToolNameAccumulation)
    .sessionIdKeyName(settings.sessionIdKeyName)
    .advisorOrder(settings.advisorOrder);
  if (settings.maxResults !== undefined) builder.maxResults(settings.maxResults);
  if (settings.systemMessageSuffix !== undefined) builder.systemMessageSuffix(settings.systemMessageSuffix);
  if (settings.minScoreThreshold !== undefined) builder.minScoreThreshold(settings.minScoreThreshold);
  return builder;
}

function configuredIndex(settings: ToolSearchAdvisorProperties, context: ResolutionContext): ToolIndex {
  switch (settings.toolIndexType) {
    case 'regex':
      return new RegexToolIndex();
    case 'full-text':
    case 'lucene':
      return new FullTextToolIndex();
    case 'vector':
      // Bound: the module checked at load time.
      return new VectorToolIndex({ embeddingModel: context.get<EmbeddingModel>(SproutTokens.EmbeddingModel) });
  }
}

/** LRU (`eviction.lru-max-sessions`), combined with TTL when `eviction.ttl` is set, as Spring does. */
function configuredEviction(settings: ToolSearchAdvisorProperties): ToolSearchEvictionStrategy {
  const lru = new LruEvictionStrategy(settings.lruMaxSessions);
  return settings.evictionTtlMs === undefined
    ? lru
    : new CompositeEvictionStrategy([lru, new TtlEvictionStrategy(settings.evictionTtlMs)]);
}

function managerOf(context: ResolutionContext): ToolCallingManager {
  return context.get<ToolCallingManager>(SproutTokens.ToolCallingManager);
}
