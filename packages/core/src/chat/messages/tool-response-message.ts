import type { Media } from '../../content/media';
import { MessageType } from './message-type';

/** The result of one tool call, answering the call with the same `id`. */
export interface ToolResponse {
  readonly id: string;
  readonly name: string;
  /** What the model reads: JSON or plain text, never `null`. */
  readonly responseData: string;
  /**
   * `true` when the call failed and `responseData` is the error the model reads: the tool threw or
   * timed out, its arguments were unusable, a call limit refused it, or no tool has its name. Absent
   * for a result. Providers whose wire can say so send it (Anthropic `tool_result.is_error`);
   * OpenAI's has no such field.
   *
   * @remarks Not in Spring AI's `ToolResponse`, whose Anthropic model never sets `is_error`.
   */
  readonly isError?: boolean;
  /**
   * Binary content the tool returned (e.g. an MCP tool's images), which `responseData` only names
   * with a placeholder. Providers attach what their wire takes as model-native parts: OpenAI as
   * image parts of a user message after the tool results, Anthropic as `image` blocks of the
   * `tool_result`. Absent when the tool returned none.
   *
   * @remarks Not in Spring AI's `ToolResponse`.
   */
  readonly media?: readonly Media[];
}

/**
 * All tool results of one round, in the order the calls were made. The OpenAI provider sends one
 * `role: "tool"` message per response; the Anthropic provider sends them all as `tool_result`
 * blocks of one user message.
 *
 * @see Spring AI `ToolResponseMessage`
 */
export class ToolResponseMessage {
  readonly messageType = MessageType.TOOL;
  readonly responses: readonly ToolResponse[];
  constructor(
    responses: readonly ToolResponse[],
    readonly metadata: Readonly<Record<string, unknown>> = {},
  ) {
    this.responses = Object.freeze([...responses]);
  }
}
