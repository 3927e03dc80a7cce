import type { ToolCall } from '../../chat/messages/assistant-message';
import type { PreparedToolArguments } from '../../tool/execution/prepared-tool-arguments';
import type { ToolCallback } from '../../tool/tool-callback';

/**
 * One tool call of a round, prepared once by `prepareToolCalls` and handed on as this one value:
 * its id (synthesized when the model sent none), name, position, prepared arguments and the
 * callback that will run it.
 */
export interface PreparedToolCall {
  /** Position in the model's call order (0-based); results are put in the history in this order. */
  readonly index: number;
  /** Never blank: the model's id, or a synthesized `call_…` one. */
  readonly id: string;
  readonly name: string;
  readonly arguments: PreparedToolArguments;
  /** The callback the name resolved to; `undefined` for an unknown tool. */
  readonly callback: ToolCallback | undefined;
  /** The call as it is replayed in the history: this id, `arguments.text`, and the repairs. */
  readonly toolCall: ToolCall;
  /** What the callback's `prepareArguments` threw (e.g. its schema does not compile); the call then fails with it. */
  readonly preparationError?: unknown;
}
