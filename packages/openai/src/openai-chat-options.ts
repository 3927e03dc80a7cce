import type { ToolCallingChatOptions } from '@sprout-ai/core';
import type { OpenAiResponseFormat } from './openai-response-format';

/**
 * Request options of {@link OpenAiChatModel}: the portable options, the tool options, and a few
 * OpenAI-only parameters. Each maps to one field of the Chat Completions request.
 *
 * | option | wire field |
 * |---|---|
 * | `model`, `temperature` | `model`, `temperature` |
 * | `maxTokens` / `maxCompletionTokens` | `max_tokens` / `max_completion_tokens` |
 * | `topP`, `stopSequences` | `top_p`, `stop` |
 * | `toolChoice`, `parallelToolCalls` | `tool_choice`, `parallel_tool_calls` (only sent with tools) |
 * | `strict` | `tools[].function.strict` (and the strict schema rewrite) |
 * | `frequencyPenalty`, `presencePenalty`, `seed`, `user` | same names in snake_case |
 * | `responseFormat` | `response_format` |
 * | `httpHeaders` | request headers, not the body |
 *
 * @see Spring AI `OpenAiChatOptions`
 */
export interface OpenAiChatOptions extends ToolCallingChatOptions {
  /** Upper bound on generated tokens including reasoning tokens (units: tokens); for reasoning models. */
  readonly maxCompletionTokens?: number;
  /** Between -2.0 and 2.0; positive values discourage repeating tokens. */
  readonly frequencyPenalty?: number;
  /** Between -2.0 and 2.0; positive values encourage new topics. */
  readonly presencePenalty?: number;
  /** Best-effort deterministic sampling. */
  readonly seed?: number;
  /** An end-user id for the provider's abuse monitoring. */
  readonly user?: string;
  /** The format the answer must have: text, any JSON object, or JSON matching a schema. */
  readonly responseFormat?: OpenAiResponseFormat;
  /**
   * Extra HTTP headers of the request, e.g. `{ 'X-Tenant': 'shop-7' }`; a request's headers are
   * added to the defaults', its own winning by name. Not logged.
   */
  readonly httpHeaders?: Readonly<Record<string, string>>;
  /** Whether the model may ask for several tool calls in one response. */
  readonly parallelToolCalls?: boolean;
  /**
   * Send tools in OpenAI strict mode (`"strict": true`, schema rewritten so the arguments always
   * match it); a tool's own `strict` (`@Tool({ strict })`) wins. Tools whose schema cannot be made
   * strict are sent non-strict with a warning. @defaultValue false
   */
  readonly strict?: boolean;
}
