import type { ChatResponse } from '@sprout-ai/core';
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

  /** The text of the first generation; `''` when there is no response or generation. */
  async content(): Promise<string> {
    return (await this.execute()).chatResponse?.result?.output.text ?? '';
  }
}
