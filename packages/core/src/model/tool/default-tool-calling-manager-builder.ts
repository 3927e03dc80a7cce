import { DefaultToolExecutionExceptionProcessor } from '../../tool/execution/default-tool-execution-exception-processor';
import type { ToolExecutionExceptionProcessor } from '../../tool/execution/tool-execution-exception-processor';
import { DelegatingToolCallbackResolver } from '../../tool/resolution/delegating-tool-callback-resolver';
import type { ToolCallbackResolver } from '../../tool/resolution/tool-callback-resolver';
import { DefaultToolCallingManager } from './default-tool-calling-manager';
import { ToolCallLimitBehavior } from './tool-call-limit-behavior';
import {
  DEFAULT_MAX_CALLS_PER_TOOL,
  DEFAULT_MAX_TOTAL_TOOL_CALLS,
  DEFAULT_MAX_TOOL_ROUNDS,
  ToolCallLimits,
  UNLIMITED_TOOL_CALLS,
} from './tool-call-limits';
import { ConfigurationError } from '../../error/configuration-error';
import { ToolApprovalRules } from './approval/tool-approval-rules';
import {
  DEFAULT_TOOL_MAX_CONCURRENCY,
  DEFAULT_TOOL_RESULT_MAX_CHARS,
  UNLIMITED_RESULT_CHARS,
} from './tool-execution-settings';

/**
 * Builds a {@link DefaultToolCallingManager}; get one from `DefaultToolCallingManager.builder()`.
 * Every method returns the builder; invalid values throw at once.
 *
 * @example
 * ```ts
 * const manager = DefaultToolCallingManager.builder()
 *   .maxCallsPerTool(10)
 *   .maxCallsPerTool('searchOrders', 3)
 *   .excludeToolFromLimit('getTime')
 *   .maxTotalToolCalls(50)
 *   .onLimitExceeded('RETURN_ERROR_RESPONSE')
 *   .build();
 * ```
 * @see Spring AI `DefaultToolCallingManager.Builder`
 */
export class DefaultToolCallingManagerBuilder {
  #resolver: ToolCallbackResolver = new DelegatingToolCallbackResolver([]);
  #processor: ToolExecutionExceptionProcessor = new DefaultToolExecutionExceptionProcessor();
  #fallback = false;
  #maxCallsPerTool = DEFAULT_MAX_CALLS_PER_TOOL;
  #maxTotal = DEFAULT_MAX_TOTAL_TOOL_CALLS;
  readonly #overrides = new Map<string, number>();
  readonly #excluded = new Set<string>();
  #behavior: ToolCallLimitBehavior = ToolCallLimitBehavior.THROW;
  #maxRounds = DEFAULT_MAX_TOOL_ROUNDS;
  #maxConcurrency = DEFAULT_TOOL_MAX_CONCURRENCY;
  #defaultTimeoutMs: number | undefined;
  #maxResultChars = DEFAULT_TOOL_RESULT_MAX_CHARS;
  #observationsIncludeContent = false;
  #approvalRules: ToolApprovalRules | undefined;

  /**
   * Where `toolNames` and (with fallback enabled) unknown names are looked up.
   *
   * @param resolver - the resolver
   * @defaultValue `new DelegatingToolCallbackResolver([])` (knows no tool)
   */
  toolCallbackResolver(resolver: ToolCallbackResolver): this {
    if (resolver == null || typeof resolver.resolve !== 'function') {
      throw invalid('toolCallbackResolver', resolver, 'an object with a resolve(toolName) method');
    }
    this.#resolver = resolver;
    return this;
  }

  /**
   * Decides whether tool failures are told to the model or thrown.
   *
   * @param processor - the processor
   * @defaultValue `new DefaultToolExecutionExceptionProcessor()` (tell the model)
   */
  toolExecutionExceptionProcessor(processor: ToolExecutionExceptionProcessor): this {
    if (processor == null || typeof processor.process !== 'function') {
      throw invalid('toolExecutionExceptionProcessor', processor, 'an object with a process(error) method');
    }
    this.#processor = processor;
    return this;
  }

  /**
   * When true, a called name that is not among the request's callbacks is looked up in the
   * resolver (property `spring.ai.tools.resolution.fallback.enabled`).
   *
   * @param enabled - whether to consult the resolver
   * @defaultValue `false`
   */
  resolutionFallbackEnabled(enabled: boolean): this {
    if (typeof enabled !== 'boolean') throw invalid('resolutionFallbackEnabled', enabled, 'true or false');
    this.#fallback = enabled;
    return this;
  }

  /**
   * `maxCallsPerTool(n)`: the cap for every tool without an override.
   * `maxCallsPerTool(name, n)`: the cap for one tool; it ends an earlier `excludeToolFromLimit(name)`.
   *
   * @defaultValue {@link DEFAULT_MAX_CALLS_PER_TOOL} for every tool
   * @throws ConfigurationError when `n` is not a positive integer or `name` is blank
   */
  maxCallsPerTool(limit: number): this;
  maxCallsPerTool(toolName: string, limit: number): this;
  maxCallsPerTool(nameOrLimit: string | number, limit?: number): this {
    if (typeof nameOrLimit === 'string') {
      const name = requireToolName('maxCallsPerTool', nameOrLimit);
      this.#overrides.set(name, requirePositive(`maxCallsPerTool('${name}', …)`, limit));
      this.#excluded.delete(name);
      return this;
    }
    this.#maxCallsPerTool = requirePositive('maxCallsPerTool', nameOrLimit);
    return this;
  }

  /** No default cap per tool (overrides still apply); the property value `-1`. */
  unlimitedCallsPerTool(): this {
    this.#maxCallsPerTool = UNLIMITED_TOOL_CALLS;
    return this;
  }

  /**
   * Exempts one tool from per-tool caps (it still counts toward the total) and ends an earlier
   * `maxCallsPerTool(name, n)`.
   *
   * @param toolName - the exact tool name
   * @throws ConfigurationError when `toolName` is blank
   */
  excludeToolFromLimit(toolName: string): this {
    const name = requireToolName('excludeToolFromLimit', toolName);
    this.#excluded.add(name);
    this.#overrides.delete(name);
    return this;
  }

  /**
   * The cap on all tool calls in one turn.
   *
   * @param limit - a positive integer
   * @defaultValue {@link DEFAULT_MAX_TOTAL_TOOL_CALLS}
   * @throws ConfigurationError when `limit` is not a positive integer
   */
  maxTotalToolCalls(limit: number): this {
    this.#maxTotal = requirePositive('maxTotalToolCalls', limit);
    return this;
  }

  /**
   * The cap on tool rounds (model responses asking for tools) in one turn. The round after the
   * last allowed one is refused and ends the turn with a `ToolCallLimitExceededError` (kind
   * `rounds`) under either `onLimitExceeded` behaviour.
   *
   * @param limit - a positive integer, or {@link UNLIMITED_TOOL_CALLS} for no cap
   * @defaultValue {@link DEFAULT_MAX_TOOL_ROUNDS}
   * @throws ConfigurationError for any other value
   * @remarks Not in Spring AI (property `spring.ai.tools.limits.max-rounds` is Sprout's).
   */
  maxRounds(limit: number): this {
    this.#maxRounds = limit === UNLIMITED_TOOL_CALLS ? limit : requirePositive('maxRounds', limit);
    return this;
  }

  /** No cap on all tool calls together; the property value `-1`. */
  unlimitedTotalToolCalls(): this {
    this.#maxTotal = UNLIMITED_TOOL_CALLS;
    return this;
  }

  /**
   * What to do when a call goes over a limit.
   *
   * @param behavior - `'THROW'` or `'RETURN_ERROR_RESPONSE'`
   * @defaultValue `'THROW'`
   * @throws ConfigurationError for any other value
   */
  onLimitExceeded(behavior: ToolCallLimitBehavior): this {
    const allowed = Object.values(ToolCallLimitBehavior) as string[];
    if (!allowed.includes(behavior)) {
      throw invalid('onLimitExceeded', behavior, `one of ${allowed.map((v) => `'${v}'`).join(', ')}`);
    }
    this.#behavior = behavior;
    return this;
  }

  /**
   * How many calls of one round run at once (property `spring.ai.tools.execution.max-concurrency`);
   * `1` runs them one after another, as Spring does.
   *
   * @param limit - a positive integer
   * @defaultValue {@link DEFAULT_TOOL_MAX_CONCURRENCY}
   * @throws ConfigurationError when `limit` is not a positive integer
   */
  maxConcurrency(limit: number): this {
    this.#maxConcurrency = requirePositive('maxConcurrency', limit);
    return this;
  }

  /**
   * Time a call may take, in milliseconds, for tools that set no `timeoutMs` (property
   * `spring.ai.tools.execution.timeout`); `undefined` removes the default.
   *
   * @param timeoutMs - a positive integer, or `undefined`
   * @defaultValue none
   * @throws ConfigurationError when `timeoutMs` is not a positive integer
   */
  defaultTimeoutMs(timeoutMs: number | undefined): this {
    this.#defaultTimeoutMs = timeoutMs === undefined ? undefined : requirePositive('defaultTimeoutMs', timeoutMs);
    return this;
  }

  /**
   * Longest result, in characters, the model reads, for tools that set no `maxResultChars`
   * (property `spring.ai.tools.result.max-chars`); `-1` for no cap.
   *
   * @param limit - a positive integer or {@link UNLIMITED_RESULT_CHARS}
   * @defaultValue {@link DEFAULT_TOOL_RESULT_MAX_CHARS}
   * @throws ConfigurationError for any other value
   */
  maxResultChars(limit: number): this {
    this.#maxResultChars = limit === UNLIMITED_RESULT_CHARS ? limit : requirePositive('maxResultChars', limit);
    return this;
  }

  /**
   * Whether the `execute_tool` spans record each call's arguments and whole result (credentials
   * masked), property `spring.ai.tools.observations.include-content`. Off by default: arguments and
   * results may hold personal data.
   *
   * @param include - `true` to record them
   * @defaultValue `false`
   * @see Spring AI `ToolCallingObservationProperties.includeContent`
   */
  observationsIncludeContent(include: boolean): this {
    if (typeof include !== 'boolean') throw invalid('observationsIncludeContent', include, 'true or false');
    this.#observationsIncludeContent = include;
    return this;
  }

  /**
   * Which calls wait for a person's approval (`sprout.tools.approval.*`).
   *
   * @param rules - e.g. `new ToolApprovalRules({ requiredTools: ['cancel*'], policy })`
   * @defaultValue `new ToolApprovalRules()` (tools marked `approval: 'required'`, destructive MCP tools)
   * @throws ConfigurationError when `rules` is not a ToolApprovalRules
   */
  toolApprovalRules(rules: ToolApprovalRules): this {
    if (!(rules instanceof ToolApprovalRules)) throw invalid('toolApprovalRules', rules, 'a ToolApprovalRules');
    this.#approvalRules = rules;
    return this;
  }

  /** @returns a manager with this configuration (later builder changes do not affect it) */
  build(): DefaultToolCallingManager {
    return new DefaultToolCallingManager({
      toolCallbackResolver: this.#resolver,
      toolExecutionExceptionProcessor: this.#processor,
      resolutionFallbackEnabled: this.#fallback,
      limits: new ToolCallLimits(
        this.#maxCallsPerTool,
        new Map(this.#overrides),
        new Set(this.#excluded),
        this.#maxTotal,
        this.#behavior,
        this.#maxRounds,
      ),
      execution: {
        maxConcurrency: this.#maxConcurrency,
        defaultTimeoutMs: this.#defaultTimeoutMs,
        maxResultChars: this.#maxResultChars,
      },
      observationsIncludeContent: this.#observationsIncludeContent,
      approvalRules: this.#approvalRules,
    });
  }
}

function requirePositive(setting: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw invalid(
      setting,
      value,
      'a positive integer (use unlimitedCallsPerTool() / unlimitedTotalToolCalls() / excludeToolFromLimit(name) to remove a limit)',
    );
  }
  return value;
}

function requireToolName(setting: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalid(setting, value, 'a non-blank tool name');
  }
  return value;
}

function invalid(setting: string, value: unknown, allowed: string): ConfigurationError {
  const shown = typeof value === 'string' ? `'${value}'` : String(value);
  return new ConfigurationError({
    setting,
    value,
    allowed,
    message: `DefaultToolCallingManager builder: ${setting} got ${shown}; expected ${allowed}.`,
  });
}
