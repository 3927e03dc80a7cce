import type { ToolCallLimitBehavior } from './tool-call-limit-behavior';

/** Default cap on calls to one tool in one turn (property `spring.ai.tools.limits.max-calls-per-tool-default`). */
export const DEFAULT_MAX_CALLS_PER_TOOL = 40;
/** Default cap on all tool calls in one turn (property `spring.ai.tools.limits.max-total-tool-calls`). */
export const DEFAULT_MAX_TOTAL_TOOL_CALLS = 150;
/**
 * Default cap on tool rounds (model responses asking for tools) in one turn (property
 * `spring.ai.tools.limits.max-rounds`): generous for real workflows, yet it ends a model that keeps
 * calling after every refusal in a few dozen requests instead of never.
 */
export const DEFAULT_MAX_TOOL_ROUNDS = 50;

/** Sentinel for "no limit" (the `-1` of the properties). */
export const UNLIMITED_TOOL_CALLS = -1;

/** A limit a call went over, with the text the model (or the caller) reads. */
export interface ToolCallLimitBreach {
  /** Which limit: one tool's, all calls', or the turn's rounds. */
  readonly kind: ToolCallLimitKind;
  /** The tool whose own limit was hit; `undefined` for the total and round limits. */
  readonly toolName?: string;
  readonly limit: number;
  readonly message: string;
}

/** The limits of a turn: calls to one tool, calls to all tools, tool rounds. */
export type ToolCallLimitKind = 'per-tool' | 'total' | 'rounds';

/**
 * The call limits of one `DefaultToolCallingManager`, counted per turn (from the last user
 * message). Built by `DefaultToolCallingManagerBuilder`, which validates the values.
 *
 * @see Spring AI `ToolCallLimits`
 */
export class ToolCallLimits {
  constructor(
    /** Cap for every tool without an override, or {@link UNLIMITED_TOOL_CALLS}. */
    readonly maxCallsPerTool: number,
    /** Per-tool caps that replace `maxCallsPerTool`. */
    readonly perToolOverrides: ReadonlyMap<string, number>,
    /** Tools without a per-tool cap (they still count toward the total). */
    readonly excludedTools: ReadonlySet<string>,
    /** Cap for all calls together, or {@link UNLIMITED_TOOL_CALLS}. */
    readonly maxTotalToolCalls: number,
    readonly onLimitExceeded: ToolCallLimitBehavior,
    /**
     * Cap on rounds, or {@link UNLIMITED_TOOL_CALLS}; a round over it ends the turn whatever
     * `onLimitExceeded` says (refusing calls would not stop a model that ignores refusals).
     */
    readonly maxRounds: number = DEFAULT_MAX_TOOL_ROUNDS,
  ) {}

  /**
   * Checks a round before its calls are counted.
   *
   * @param round - the turn's tool rounds, this one included
   * @returns the breach, or `undefined` when the round is within the limit
   */
  checkRound(round: number): ToolCallLimitBreach | undefined {
    if (this.maxRounds === UNLIMITED_TOOL_CALLS || round <= this.maxRounds) return undefined;
    return {
      kind: 'rounds',
      limit: this.maxRounds,
      message: `Tool round limit (${this.maxRounds}) reached for this turn. No further tool calls are allowed; answer with what you have.`,
    };
  }

  /**
   * Checks one call after it has been counted. A per-tool breach is reported in preference to a
   * total breach.
   *
   * @param toolName - the called tool
   * @param toolCount - calls to that tool in the turn, this one included
   * @param totalCount - calls to all tools in the turn, this one included
   * @returns the breach, or `undefined` when the call is within the limits
   */
  check(toolName: string, toolCount: number, totalCount: number): ToolCallLimitBreach | undefined {
    if (!this.excludedTools.has(toolName)) {
      const cap = this.perToolOverrides.get(toolName) ?? this.maxCallsPerTool;
      if (cap !== UNLIMITED_TOOL_CALLS && toolCount > cap) {
        return {
          kind: 'per-tool',
          toolName,
          limit: cap,
          message: `Tool call limit (${cap}) exceeded for tool '${toolName}'. No further calls to this tool are allowed in this turn.`,
        };
      }
    }
    const max = this.maxTotalToolCalls;
    if (max !== UNLIMITED_TOOL_CALLS && totalCount > max) {
      return {
        kind: 'total',
        limit: max,
        message: `Total tool call limit (${max}) exceeded for this turn. No further tool calls are allowed.`,
      };
    }
    return undefined;
  }
}
