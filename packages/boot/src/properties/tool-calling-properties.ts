import {
  DEFAULT_MAX_CALLS_PER_TOOL,
  DEFAULT_MAX_TOTAL_TOOL_CALLS,
  DEFAULT_MAX_TOOL_ROUNDS,
  DEFAULT_TOOL_ERROR_DETAIL,
  DEFAULT_TOOL_MAX_CONCURRENCY,
  DEFAULT_TOOL_RESULT_MAX_CHARS,
  TOOL_ERROR_DETAILS,
  ToolCallLimitBehavior,
  type ToolErrorDetail,
  UNLIMITED_RESULT_CHARS,
  UNLIMITED_TOOL_CALLS,
} from '@sprout-ai/core';
import type { PropertyReader } from './property-reader';

/** Keys of the `spring.ai.tools.*` group, as written in `application.properties`. */
export const TOOL_CALLING_PROPERTY_KEYS = {
  throwExceptionOnError: 'spring.ai.tools.throw-exception-on-error',
  resolutionFallbackEnabled: 'spring.ai.tools.resolution.fallback.enabled',
  maxCallsPerToolDefault: 'spring.ai.tools.limits.max-calls-per-tool-default',
  /** Map-style: append `.<toolName>`, e.g. `spring.ai.tools.limits.max-calls-per-tool.getOrderStatus=5`. */
  maxCallsPerTool: 'spring.ai.tools.limits.max-calls-per-tool',
  excludedTools: 'spring.ai.tools.limits.excluded-tools',
  maxTotalToolCalls: 'spring.ai.tools.limits.max-total-tool-calls',
  /** Sprout's: Spring has no round limit. */
  maxRounds: 'spring.ai.tools.limits.max-rounds',
  onLimitExceeded: 'spring.ai.tools.limits.on-limit-exceeded',
  maxConcurrency: 'spring.ai.tools.execution.max-concurrency',
  timeout: 'spring.ai.tools.execution.timeout',
  resultMaxChars: 'spring.ai.tools.result.max-chars',
  errorDetail: 'spring.ai.tools.errors.detail',
  observationsIncludeContent: 'spring.ai.tools.observations.include-content',
} as const;

/** Default of `spring.ai.tools.observations.include-content`. */
export const DEFAULT_TOOL_OBSERVATIONS_INCLUDE_CONTENT = false;

/** Default of `spring.ai.tools.throw-exception-on-error`. */
export const DEFAULT_THROW_EXCEPTION_ON_ERROR = false;
/** Default of `spring.ai.tools.resolution.fallback.enabled`. */
export const DEFAULT_RESOLUTION_FALLBACK_ENABLED = false;
/** Default of `spring.ai.tools.limits.on-limit-exceeded`. */
export const DEFAULT_ON_LIMIT_EXCEEDED: ToolCallLimitBehavior = ToolCallLimitBehavior.THROW;

const LIMIT_BEHAVIORS: readonly ToolCallLimitBehavior[] = Object.values(ToolCallLimitBehavior);

/** `spring.ai.tools.limits.*`: caps on tool calls within one user turn. */
export interface ToolCallLimitsProperties {
  /**
   * Cap for every tool without its own entry; `-1` ({@link UNLIMITED_TOOL_CALLS}) disables it.
   * @defaultValue {@link DEFAULT_MAX_CALLS_PER_TOOL} (40)
   */
  readonly maxCallsPerToolDefault: number;
  /** Per-tool caps by tool name; {@link UNLIMITED_TOOL_CALLS} exempts that tool from per-tool caps. */
  readonly maxCallsPerTool: Readonly<Record<string, number>>;
  /** Tools exempt from per-tool caps (they still count toward the total); wins over `maxCallsPerTool`. */
  readonly excludedTools: readonly string[];
  /**
   * Cap on all tool calls of a turn; {@link UNLIMITED_TOOL_CALLS} disables it.
   * @defaultValue {@link DEFAULT_MAX_TOTAL_TOOL_CALLS} (150)
   */
  readonly maxTotalToolCalls: number;
  /**
   * Cap on tool rounds of a turn; the round after the last allowed one ends the turn in either
   * behaviour. {@link UNLIMITED_TOOL_CALLS} disables it.
   * @defaultValue {@link DEFAULT_MAX_TOOL_ROUNDS} (50)
   * @remarks Not in Spring AI.
   */
  readonly maxRounds: number;
  /** What a breach does. @defaultValue {@link DEFAULT_ON_LIMIT_EXCEEDED} (`THROW`) */
  readonly onLimitExceeded: ToolCallLimitBehavior;
}

/** `spring.ai.tools.execution.*`: how the calls of one round run. */
export interface ToolExecutionProperties {
  /**
   * Calls of one round that run at once; `1` runs them one after another, as Spring does.
   * @defaultValue {@link DEFAULT_TOOL_MAX_CONCURRENCY} (10)
   */
  readonly maxConcurrency: number;
  /**
   * Time a call may take, in milliseconds, for tools that set no `timeoutMs` (`30s`, `500ms`, `2m`,
   * or a bare number of milliseconds). @defaultValue `undefined` (no timeout)
   */
  readonly timeoutMs: number | undefined;
}

/** `spring.ai.tools.result.*`: what the model reads of a tool's result. */
export interface ToolResultProperties {
  /**
   * Longest result, in characters, for tools that set no `maxResultChars`; `-1`
   * ({@link UNLIMITED_RESULT_CHARS}) for no cap. @defaultValue {@link DEFAULT_TOOL_RESULT_MAX_CHARS} (100 000)
   */
  readonly maxChars: number;
}

/** `spring.ai.tools.errors.*`: what the model reads of a failed tool's error. */
export interface ToolErrorsProperties {
  /**
   * `masked`, `message` or `generic` (see `ToolErrorDetail`), the `detail` of the default
   * exception processor. @defaultValue {@link DEFAULT_TOOL_ERROR_DETAIL} (`masked`)
   */
  readonly detail: ToolErrorDetail;
}

/** `spring.ai.tools.observations.*`: what the `execute_tool` spans record. */
export interface ToolObservationsProperties {
  /**
   * Record each call's arguments and whole result on its span (credentials masked).
   * @defaultValue {@link DEFAULT_TOOL_OBSERVATIONS_INCLUDE_CONTENT} (false)
   */
  readonly includeContent: boolean;
}

/**
 * The `spring.ai.tools.*` properties, typed and validated.
 *
 * @remarks `execution.*`, `result.*` and `errors.*` are Sprout's: Spring runs the calls of a round
 * one after another, without timeouts or result caps, and sends every error message verbatim.
 * @see Spring AI `ToolCallingProperties`
 */
export interface ToolCallingProperties {
  /**
   * When true, a failing tool fails the request instead of its error message going back to the model
   * (`alwaysThrow` of the default exception processor). @defaultValue {@link DEFAULT_THROW_EXCEPTION_ON_ERROR}
   */
  readonly throwExceptionOnError: boolean;
  /**
   * When true, a tool name missing from the request is looked up with the container's
   * `ToolCallbackResolver`. @defaultValue {@link DEFAULT_RESOLUTION_FALLBACK_ENABLED}
   */
  readonly resolutionFallbackEnabled: boolean;
  readonly limits: ToolCallLimitsProperties;
  readonly execution: ToolExecutionProperties;
  readonly result: ToolResultProperties;
  readonly errors: ToolErrorsProperties;
  readonly observations: ToolObservationsProperties;
}

const POSITIVE_OR_UNLIMITED = {
  accept: (n: number) => n > 0 || n === UNLIMITED_TOOL_CALLS,
  allowed: 'a positive integer or -1 (unlimited)',
};
const POSITIVE = { accept: (n: number) => n > 0, allowed: 'a positive integer' };
const POSITIVE_OR_NO_CAP = {
  accept: (n: number) => n > 0 || n === UNLIMITED_RESULT_CHARS,
  allowed: 'a positive integer or -1 (no cap)',
};
const POSITIVE_OR_EXCLUDED = {
  accept: (n: number) => n > 0 || n === UNLIMITED_TOOL_CALLS,
  allowed: 'a positive integer, or -1 to exclude the tool from per-tool limits',
};

/** What {@link bindToolCallingProperties} gives when no `spring.ai.tools.*` key is set. */
export const DEFAULT_TOOL_CALLING_PROPERTIES: ToolCallingProperties = Object.freeze({
  throwExceptionOnError: DEFAULT_THROW_EXCEPTION_ON_ERROR,
  resolutionFallbackEnabled: DEFAULT_RESOLUTION_FALLBACK_ENABLED,
  limits: Object.freeze({
    maxCallsPerToolDefault: DEFAULT_MAX_CALLS_PER_TOOL,
    maxCallsPerTool: Object.freeze({}),
    excludedTools: Object.freeze([]),
    maxTotalToolCalls: DEFAULT_MAX_TOTAL_TOOL_CALLS,
    maxRounds: DEFAULT_MAX_TOOL_ROUNDS,
    onLimitExceeded: DEFAULT_ON_LIMIT_EXCEEDED,
  }),
  execution: Object.freeze({ maxConcurrency: DEFAULT_TOOL_MAX_CONCURRENCY, timeoutMs: undefined }),
  result: Object.freeze({ maxChars: DEFAULT_TOOL_RESULT_MAX_CHARS }),
  errors: Object.freeze({ detail: DEFAULT_TOOL_ERROR_DETAIL }),
  observations: Object.freeze({ includeContent: DEFAULT_TOOL_OBSERVATIONS_INCLUDE_CONTENT }),
});

/**
 * Reads and validates the `spring.ai.tools.*` group.
 *
 * @param reader - the resolved properties
 * @param keys - every resolved key (to find the map-style `max-calls-per-tool.<name>` entries)
 * @throws InvalidPropertyError naming the key, the value and what is allowed
 */
export function bindToolCallingProperties(reader: PropertyReader, keys: Iterable<string>): ToolCallingProperties {
  const k = TOOL_CALLING_PROPERTY_KEYS;
  const perToolPrefix = `${k.maxCallsPerTool}.`;
  const maxCallsPerTool: Record<string, number> = {};
  for (const key of keys) {
    if (!key.startsWith(perToolPrefix) || key.length === perToolPrefix.length) continue;
    const value = reader.integer(key, undefined, POSITIVE_OR_EXCLUDED);
    if (value !== undefined) maxCallsPerTool[key.slice(perToolPrefix.length)] = value;
  }
  return {
    throwExceptionOnError: reader.boolean(k.throwExceptionOnError, DEFAULT_THROW_EXCEPTION_ON_ERROR),
    resolutionFallbackEnabled: reader.boolean(k.resolutionFallbackEnabled, DEFAULT_RESOLUTION_FALLBACK_ENABLED),
    limits: {
      maxCallsPerToolDefault: reader.integer(
        k.maxCallsPerToolDefault,
        DEFAULT_MAX_CALLS_PER_TOOL,
        POSITIVE_OR_UNLIMITED,
      ),
      maxCallsPerTool,
      excludedTools: reader.list(k.excludedTools),
      maxTotalToolCalls: reader.integer(k.maxTotalToolCalls, DEFAULT_MAX_TOTAL_TOOL_CALLS, POSITIVE_OR_UNLIMITED),
      maxRounds: reader.integer(k.maxRounds, DEFAULT_MAX_TOOL_ROUNDS, POSITIVE_OR_UNLIMITED),
      onLimitExceeded: reader.enumeration(k.onLimitExceeded, LIMIT_BEHAVIORS, DEFAULT_ON_LIMIT_EXCEEDED),
    },
    execution: {
      maxConcurrency: reader.integer(k.maxConcurrency, DEFAULT_TOOL_MAX_CONCURRENCY, POSITIVE),
      timeoutMs: reader.durationMs(k.timeout, undefined),
    },
    result: { maxChars: reader.integer(k.resultMaxChars, DEFAULT_TOOL_RESULT_MAX_CHARS, POSITIVE_OR_NO_CAP) },
    errors: { detail: reader.enumeration(k.errorDetail, TOOL_ERROR_DETAILS, DEFAULT_TOOL_ERROR_DETAIL) },
    observations: {
      includeContent: reader.boolean(k.observationsIncludeContent, DEFAULT_TOOL_OBSERVATIONS_INCLUDE_CONTENT),
    },
  };
}
