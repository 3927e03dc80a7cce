import {
  DefaultToolCallingManager,
  type DefaultToolCallingManagerBuilder,
  DefaultToolExecutionExceptionProcessor,
  DelegatingToolCallbackResolver,
  StaticToolCallbackResolver,
  type ToolApprovalPolicy,
  ToolApprovalRules,
  type ToolCallbackProvider,
  type ToolCallbackResolver,
  type ToolCallingManager,
  type ToolExecutionExceptionProcessor,
  UNLIMITED_TOOL_CALLS,
} from '@sprout-ai/core';
import { ContainerModule } from 'inversify';
import type { ToolCallingProperties } from '../properties/tool-calling-properties';
import { bindToolLimitNames } from '../properties/tool-limit-names';
import { knownToolNames, type OptionalServiceLookup } from './known-tool-names';
import type { SproutProperties } from '../properties/sprout-properties';
import { SproutTokens } from '../sprout-tokens';

/**
 * Binds the tool-execution services, each only when the user's modules have not bound it:
 * - `ToolExecutionExceptionProcessor`: `DefaultToolExecutionExceptionProcessor` with `alwaysThrow`
 *   from `spring.ai.tools.throw-exception-on-error` and `detail` from `spring.ai.tools.errors.detail`;
 * - `ToolCallbackResolver`: `DelegatingToolCallbackResolver([StaticToolCallbackResolver(scanned tools)])`;
 * - `ToolCallingManager`: `DefaultToolCallingManager` with that resolver and processor, the limits of
 *   `spring.ai.tools.limits.*` (tool names from environment variables matched to the known tools
 *   ignoring case, see `bindToolLimitNames`), `spring.ai.tools.resolution.fallback.enabled`, and the execution
 *   settings of `spring.ai.tools.execution.*` and `spring.ai.tools.result.max-chars`, and the approval
 *   rules of `sprout.tools.approval.required-tools` / `mcp-destructive` with a bound `ToolApprovalPolicy`.
 * All are singletons.
 *
 * @see Spring AI `ToolCallingAutoConfiguration`
 */
export class ToolCallingAutoConfiguration extends ContainerModule {
  /**
   * @param properties - the application's properties (the `toolCalling` group is used)
   */
  constructor(properties: SproutProperties) {
    const config = properties.toolCalling;
    super(({ bind, isBound }) => {
      if (!isBound(SproutTokens.ToolExecutionExceptionProcessor)) {
        bind<ToolExecutionExceptionProcessor>(SproutTokens.ToolExecutionExceptionProcessor)
          .toDynamicValue(
            () =>
              new DefaultToolExecutionExceptionProcessor({
                alwaysThrow: config.throwExceptionOnError,
                detail: config.errors.detail,
              }),
          )
          .inSingletonScope();
      }
      if (!isBound(SproutTokens.ToolCallbackResolver)) {
        bind<ToolCallbackResolver>(SproutTokens.ToolCallbackResolver)
          .toDynamicValue(
            (context) =>
              new DelegatingToolCallbackResolver([
                new StaticToolCallbackResolver(
                  context.get<ToolCallbackProvider>(SproutTokens.ToolCallbackProvider).getToolCallbacks(),
                ),
              ]),
          )
          .inSingletonScope();
      }
      if (!isBound(SproutTokens.ToolCallingManager)) {
        bind<ToolCallingManager>(SproutTokens.ToolCallingManager)
          .toDynamicValue((context) =>
            configureToolCallingManager(
              DefaultToolCallingManager.builder(),
              withToolNamesBound(config, properties, context),
            )
              .toolCallbackResolver(context.get<ToolCallbackResolver>(SproutTokens.ToolCallbackResolver))
              .toolExecutionExceptionProcessor(
                context.get<ToolExecutionExceptionProcessor>(SproutTokens.ToolExecutionExceptionProcessor),
              )
              .toolApprovalRules(
                new ToolApprovalRules({
                  requiredTools: properties.toolApproval.requiredTools,
                  mcpDestructive: properties.toolApproval.mcpDestructive,
                  policy: context.get<ToolApprovalPolicy>(SproutTokens.ToolApprovalPolicy, { optional: true }),
                }),
              )
              .build(),
          )
          .inSingletonScope();
      }
    });
  }
}

/** `config` with the tool names of its per-tool limits matched to the tools the container knows. */
function withToolNamesBound(
  config: ToolCallingProperties,
  properties: SproutProperties,
  services: OptionalServiceLookup,
): ToolCallingProperties {
  const { limits } = config;
  if (Object.keys(limits.maxCallsPerTool).length === 0 && limits.excludedTools.length === 0) return config;
  return { ...config, limits: bindToolLimitNames(limits, knownToolNames(services), properties).limits };
}

/**
 * Applies the `spring.ai.tools.*` settings to a manager builder in Spring's order: default cap,
 * per-tool caps (`-1` excludes the tool), then `excluded-tools` (so exclusion wins), total cap,
 * breach behaviour, resolution fallback; then Sprout's execution settings: concurrency, default
 * timeout, result cap. (`errors.detail` belongs to the exception processor, not the builder.)
 *
 * @param builder - a `DefaultToolCallingManager` builder
 * @param properties - the validated `spring.ai.tools.*` group
 * @returns the same builder
 */
export function configureToolCallingManager(
  builder: DefaultToolCallingManagerBuilder,
  properties: ToolCallingProperties,
): DefaultToolCallingManagerBuilder {
  const limits = properties.limits;
  if (limits.maxCallsPerToolDefault === UNLIMITED_TOOL_CALLS) builder.unlimitedCallsPerTool();
  else builder.maxCallsPerTool(limits.maxCallsPerToolDefault);
  for (const [toolName, limit] of Object.entries(limits.maxCallsPerTool)) {
    if (limit === UNLIMITED_TOOL_CALLS) builder.excludeToolFromLimit(toolName);
    else builder.maxCallsPerTool(toolName, limit);
  }
  for (const toolName of limits.excludedTools) builder.excludeToolFromLimit(toolName);
  if (limits.maxTotalToolCalls === UNLIMITED_TOOL_CALLS) builder.unlimitedTotalToolCalls();
  else builder.maxTotalToolCalls(limits.maxTotalToolCalls);
  return builder
    .maxRounds(limits.maxRounds)
    .onLimitExceeded(limits.onLimitExceeded)
    .resolutionFallbackEnabled(properties.resolutionFallbackEnabled)
    .maxConcurrency(properties.execution.maxConcurrency)
    .defaultTimeoutMs(properties.execution.timeoutMs)
    .maxResultChars(properties.result.maxChars)
    .observationsIncludeContent(properties.observations.includeContent);
}
