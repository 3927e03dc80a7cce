import { MessageType } from './message-type';

/** The result of one tool call, answering the call with the same `id`. */
export interface ToolResponse {
  readonly id: string;
  readonly name: string;
  /** What the model reads: JSON or plain text, never `null`. */
  readonly responseData: string;
}

/**
 * All tool results of one round, in the order the calls were made. The OpenAI provider sends one
 * `role: "tool"` message per response.
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
