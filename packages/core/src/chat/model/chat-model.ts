import type { ChatOptions } from '../prompt/chat-options';
import type { Prompt } from '../prompt/prompt';
import type { ChatModelRequestOptions } from './chat-model-request-options';
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
  /**
   * Sends one request. Rejects with the provider's error (network, HTTP status, bad response).
   *
   * @param prompt - the messages and options
   * @param options - per-request settings; `signal` cancels the request (it then rejects with a
   *   `RequestAbortedError`)
   */
  call(prompt: Prompt, options?: ChatModelRequestOptions): Promise<ChatResponse>;
  /** Options applied under every request's options. */
  readonly defaultOptions?: ChatOptions;
  /**
   * Whether it sends `ChatOptions.outputSchema` to the provider as an API-level constraint. When not
   * `true`, `.call().entity(Type)` appends format instructions to the user message instead (unless
   * the request asks for native output).
   *
   * @remarks Spring AI detects this by the options implementing `StructuredOutputChatOptions` and
   * uses it only when a request asks; Sprout uses it by default where the model says it can.
   */
  readonly nativeStructuredOutput?: boolean;
  /**
   * The provider, as the OpenTelemetry GenAI conventions name it in `gen_ai.provider.name`
   * (`openai`, `anthropic` …); chat spans say `_OTHER` when it is missing.
   */
  readonly providerName?: string;
}
