import type { ToolCallingChatOptions } from '@sprout-ai/core';

/**
 * Request options of {@link AnthropicChatModel}: the portable options, the tool options, and the
 * Anthropic-only parameters. Each maps to one field of the Messages API request.
 *
 * | option | wire field |
 * |---|---|
 * | `model`, `temperature` | `model`, `temperature` |
 * | `maxTokens` | `max_tokens` (required by the API: {@link DEFAULT_ANTHROPIC_MAX_TOKENS} when unset) |
 * | `topP`, `topK`, `stopSequences` | `top_p`, `top_k`, `stop_sequences` |
 * | `toolChoice` | `tool_choice` (only sent with tools): `'auto'` → `{type:'auto'}`, `'required'` → `{type:'any'}`, `'none'` → `{type:'none'}`, `{type:'function', function:{name}}` → `{type:'tool', name}` |
 * | `disableParallelToolUse` | `tool_choice.disable_parallel_tool_use` (with `'auto'` when no `toolChoice` is set) |
 * | `httpHeaders` | request headers, not the body |
 *
 * `temperature`, `topP` and `topK` are sent only when set: Anthropic's API version 2026-10-21, which
 * `@anthropic-ai/sdk` 1.x sends, answers them with a 400 (the error says which setting to unset);
 * older API versions and many Anthropic-compatible servers take them.
 *
 * @remarks `toolChoice` takes the portable (OpenAI-shaped) values rather than Anthropic's, so the
 * tool loop recognises a forced choice and relaxes it to `'auto'` after the first round on every
 * provider. OpenAI's `strict` has no Anthropic counterpart here: schemas are sent as they are.
 * @see Spring AI `AnthropicChatOptions`
 */
export interface AnthropicChatOptions extends ToolCallingChatOptions {
  /** Sample from the `topK` most likely tokens only; for advanced use (Anthropic recommends `temperature`). */
  readonly topK?: number;
  /**
   * `true`: the model makes at most one tool call per answer (exactly one with a forced
   * `toolChoice`). @defaultValue false
   */
  readonly disableParallelToolUse?: boolean;
  /**
   * HTTP headers sent with the request (not in its body), e.g. `{ 'anthropic-beta': '…' }`; a
   * request's are added to the defaults', its own winning by name.
   */
  readonly httpHeaders?: Readonly<Record<string, string>>;
}
