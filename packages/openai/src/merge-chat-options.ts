import type { OpenAiChatOptions } from './openai-chat-options';
import { mergeToolCallbacks, mergeToolContext } from '@sprout-ai/core/internal';

/**
 * Layers a request's options over the model's defaults: every option the request sets wins;
 * `toolCallbacks` and `toolNames` of the request replace the defaults' when non-empty (Spring's
 * `mergeToolCallbacks`); tool contexts and HTTP headers are united, request keys winning.
 */
export function mergeChatOptions(
  defaults: OpenAiChatOptions,
  runtime: OpenAiChatOptions | undefined,
): OpenAiChatOptions {
  if (!runtime) return defaults;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(runtime)) {
    if (value !== undefined) merged[key] = value;
  }
  return {
    ...(merged as OpenAiChatOptions),
    toolCallbacks: mergeToolCallbacks(runtime.toolCallbacks, defaults.toolCallbacks),
    toolNames: runtime.toolNames?.length ? runtime.toolNames : defaults.toolNames,
    toolContext: mergeToolContext(runtime.toolContext, defaults.toolContext),
    ...(defaults.httpHeaders || runtime.httpHeaders
      ? { httpHeaders: { ...defaults.httpHeaders, ...runtime.httpHeaders } }
      : {}),
  };
}
