import type { ChatOptions } from '../prompt/chat-options';
import type { Prompt } from '../prompt/prompt';
import type { ChatResponse } from './chat-response';

/**
 * A chat model provider. It sends the prompt (tool definitions included) and returns the raw
 * response, tool calls included; it **never** executes tools (Spring AI 2.0 rule: the loop lives in
 * `ToolCallingAdvisor`).
 *
 * @remarks Async where Spring is blocking: `call` returns a Promise.
 * @see Spring AI `ChatModel`
 */
export interface ChatModel {
  /** Sends one request. Rejects with the provider's error (network, HTTP status, bad response). */
  call(prompt: Prompt): Promise<ChatResponse>;
  /** Options applied under every request's options. */
  readonly defaultOptions?: ChatOptions;
}
