import type { PreparedToolCall } from './prepared-tool-call';
import type { ToolCallOutcome } from './tool-call-outcome';

/**
 * Told about each call of a round as it runs. With calls running concurrently, starts and ends of
 * different calls interleave; each call's end follows its start. An observer must not throw (what
 * it throws is logged and ignored).
 *
 * @remarks Not in Spring AI, which reports tool executions as Micrometer observations.
 */
export interface ToolCallObserver {
  /** A call is about to run (after the limit check, before the tool). */
  onToolCallStart?(call: PreparedToolCall): void;
  /** A call ended, whatever the outcome; also for calls refused without running. */
  onToolCallEnd?(outcome: ToolCallOutcome): void;
}
