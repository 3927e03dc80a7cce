/** Default of `spring.ai.tools.execution.max-concurrency`: calls of one round that run at once. */
export const DEFAULT_TOOL_MAX_CONCURRENCY = 10;
/** Default of `spring.ai.tools.result.max-chars`: the longest tool result the model reads. */
export const DEFAULT_TOOL_RESULT_MAX_CHARS = 100_000;
/** The `-1` of `spring.ai.tools.result.max-chars` and `@Tool({ maxResultChars })`: no cap. */
export const UNLIMITED_RESULT_CHARS = -1;

/**
 * How a `DefaultToolCallingManager` runs the calls of a round (Sprout's settings; Spring runs them
 * one after another, without timeouts or caps).
 */
export interface ToolExecutionSettings {
  /**
   * Calls of one round that run at once; `1` runs them one after another, as Spring does.
   * @defaultValue {@link DEFAULT_TOOL_MAX_CONCURRENCY}
   */
  readonly maxConcurrency: number;
  /** Time a call may take, in milliseconds, unless its tool sets `timeoutMs`; `undefined`: none. */
  readonly defaultTimeoutMs: number | undefined;
  /**
   * Longest result the model reads, unless its tool sets `maxResultChars`;
   * {@link UNLIMITED_RESULT_CHARS} for no cap. @defaultValue {@link DEFAULT_TOOL_RESULT_MAX_CHARS}
   */
  readonly maxResultChars: number;
}

/** The settings of a manager built without any. */
export const DEFAULT_TOOL_EXECUTION_SETTINGS: ToolExecutionSettings = Object.freeze({
  maxConcurrency: DEFAULT_TOOL_MAX_CONCURRENCY,
  defaultTimeoutMs: undefined,
  maxResultChars: DEFAULT_TOOL_RESULT_MAX_CHARS,
});
