import type { ToolCallingManager, ToolExecutionEligibilityChecker } from '@sprout-ai/core';
import type { ToolApprovalStore } from '../approval/tool-approval-store';

/**
 * Settings of a {@link ToolCallingAdvisor}; every one is optional.
 */
export interface ToolCallingAdvisorOptions {
  /**
   * Executes the tool calls of each round.
   *
   * @defaultValue `DefaultToolCallingManager.builder().build()` (default limits, 40 per tool, 150 per turn)
   */
  readonly toolCallingManager?: ToolCallingManager;
  /**
   * Decides whether a response goes to the manager for another round.
   *
   * @defaultValue `defaultToolExecutionEligibilityChecker` (some generation has tool calls)
   */
  readonly toolExecutionEligibilityChecker?: ToolExecutionEligibilityChecker;
  /**
   * Position in the advisor chain; an integer strictly between `HIGHEST_PRECEDENCE` and
   * `LOWEST_PRECEDENCE`.
   *
   * @defaultValue `ToolCallingAdvisor.DEFAULT_ORDER` (`HIGHEST_PRECEDENCE + 300`)
   */
  readonly advisorOrder?: number;
  /**
   * Send the whole turn (user message, every assistant tool-call message and tool result) to the
   * model on each round. When `false`, only `[system message, latest tool results]` is sent and a
   * memory advisor inside the loop is expected to replay the rest.
   *
   * @defaultValue `true`
   */
  readonly conversationHistoryEnabled?: boolean;
  /**
   * Where turns paused for approval are kept (docs/approval.md), or a function making it when a
   * turn first pauses.
   *
   * @defaultValue a new in-memory `ToolApprovalStore` (this advisor only; the builder shares one
   *   between the advisors it builds)
   */
  readonly toolApprovalStore?: ToolApprovalStore | (() => ToolApprovalStore);
}
