import type { ChatResponse } from '@sprout-ai/core';
import { answerText } from './answer-text';
import type { ChatClientResponse } from './chat-client-response';

/**
 * The result side of `.call()`: pick the form of the answer you need.
 *
 * @remarks Each method sends the request (runs the whole advisor chain, model calls and tools
 * included) again, as in Spring; call one of them once per answer you need.
 * @see Spring AI `ChatClient.CallResponseSpec`
 */
export class CallResponseSpec {
  /**
   * @param execute - runs the request through the advisor chain (internal)
   */
  constructor(private readonly execute: () => Promise<ChatClientResponse>) {}

  /** The response with the final request context. */
  async chatClientResponse(): Promise<ChatClientResponse> {
    return this.execute();
  }

  /** The model's response (usage summed over tool rounds), or `undefined` when an advisor answered without one. */
  async chatResponse(): Promise<ChatResponse | undefined> {
    return (await this.execute()).chatResponse;
  }

  /**
   * The text of the first generation; `''` when there is no response or generation. When every
   * tool of the last round was `returnDirect`, the tools' results in call order, one per line.
   *
   * @remarks Spring returns the first generation's text only, so of several returnDirect results
   * its caller reads the first; each result is still its own generation in {@link CallResponseSpec.chatResponse}.
   */
  async content(): Promise<string> {
    return answerText((await this.execute()).chatResponse);
  }
}
