import type { ToolArgumentRepair } from '../../tool/execution/repair-tool-arguments';
import { MessageType } from './message-type';

const NO_TOOL_CALLS: readonly ToolCall[] = Object.freeze([]);

/**
 * One tool call requested by the model (Spring's `AssistantMessage.ToolCall`).
 *
 * `arguments` is the raw JSON text the model produced, e.g. `{"orderId":"A123"}`; it is kept as
 * text because models send malformed JSON and the executor decides how to treat it.
 */
export interface ToolCall {
  readonly id: string;
  /** Always `'function'` on the OpenAI wire. */
  readonly type: string;
  readonly name: string;
  readonly arguments: string;
  /**
   * Repairs applied to `arguments` before the call was executed (e.g. `['markdown-fence']`); absent
   * when the arguments arrived as valid JSON. Set by `prepareToolCalls`.
   */
  readonly argumentRepairs?: readonly ToolArgumentRepair[];
  /**
   * Set by a provider that could not assemble the call's arguments as the server sent them (e.g.
   * streamed fragments it could not match to a call): the call is answered with this problem and
   * the tool does not run. Not sent back to the server.
   */
  readonly argumentsProblem?: string;
}

/**
 * A model's reply: text, tool calls, or both.
 *
 * @see Spring AI `AssistantMessage`
 */
export class AssistantMessage {
  readonly messageType = MessageType.ASSISTANT;
  readonly toolCalls: readonly ToolCall[];
  constructor(
    /** Text content; `''` when the model only called tools (never `null`, providers reject it). */
    readonly text: string,
    toolCalls: readonly ToolCall[] = [],
    readonly metadata: Readonly<Record<string, unknown>> = {},
  ) {
    this.toolCalls = toolCalls.length === 0 ? NO_TOOL_CALLS : Object.freeze([...toolCalls]);
  }

  /** True when the model asked for at least one tool call. */
  hasToolCalls(): boolean {
    return this.toolCalls.length > 0;
  }
}
