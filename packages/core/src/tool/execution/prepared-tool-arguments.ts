import type { ToolArgumentRepair } from './repair-tool-arguments';
import type { ToolArguments } from './tool-arguments-parser';

/**
 * A tool call's arguments after the loop prepared them once: repaired, parsed and — when the tool
 * has a schema the loop can check — coerced and validated. Made by `ToolArgumentsParser.prepare`
 * (or, for callbacks without a parser, by the loop's preparation without the schema step) and
 * handed to `ToolCallback.callPrepared`, so the arguments are never parsed twice.
 */
export interface PreparedToolArguments {
  /** The arguments as the model sent them (normally JSON text; some servers send an object). */
  readonly raw: unknown;
  /**
   * JSON object text: `{}` for blank arguments, the repaired text when a repair was needed, else
   * the text as sent (also when it cannot be used). Replayed to the model and given to
   * `ToolCallback.call`, e.g. `{"orderId":"A123"}`.
   */
  readonly text: string;
  /** The arguments object (repaired, coerced); `undefined` when the text holds no JSON object. */
  readonly value: ToolArguments | undefined;
  /** The repairs applied to the text, in order (see `repairToolArguments`). */
  readonly repairs: readonly ToolArgumentRepair[];
  /**
   * Why the text holds no usable JSON object even after repair, e.g. `the JSON value is incomplete
   * (truncated)`; `undefined` when it does.
   */
  readonly problem?: string;
  /** What the strict parser threw when `problem` is set. */
  readonly problemCause?: unknown;
  /** One entry per schema violation, e.g. `/booking/seats must be >= 1`; empty when valid or unchecked. */
  readonly violations: readonly string[];
  /** The JSON pointers of the violations, e.g. `/booking/seats` (`""` for the object itself). */
  readonly violationPointers: ReadonlySet<string>;
  /** True when the schema step ran (the callback had a parser). */
  readonly validated: boolean;
}
