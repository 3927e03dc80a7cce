import type { ToolCallingChatOptions } from './tool-calling-chat-options';
import { mergeToolCallbacks } from './merge-tool-callbacks';
import { mergeToolContext } from './merge-tool-context';

/** The `httpHeaders` option providers share (Spring's `httpHeaders` of the provider chat options). */
interface HttpHeadersOption {
  readonly httpHeaders?: Readonly<Record<string, string>>;
}

/**
 * Layers a request's options over the model's defaults: every option the request sets wins;
 * `toolCallbacks` and `toolNames` of the request replace the defaults' when non-empty (Spring's
 * `mergeToolCallbacks`); tool contexts and HTTP headers are united, request keys winning.
 */
export function mergeChatOptions<T extends ToolCallingChatOptions & HttpHeadersOption>(
  defaults: T,
  runtime: T | undefined,
): T {
  if (!runtime) return defaults;
  // Written into one object of its own: a spread copy that gets a key its source lacked takes V8's
  // slow path and a hidden class of its own (a megamorphic read of every option afterwards).
  const merged: Record<string, unknown> = Object.assign({}, defaults as Record<string, unknown>);
  for (const [key, value] of Object.entries(runtime)) {
    if (value !== undefined) merged[key] = value;
  }
  merged.toolCallbacks = mergeToolCallbacks(runtime.toolCallbacks, defaults.toolCallbacks);
  merged.toolNames = runtime.toolNames?.length ? runtime.toolNames : defaults.toolNames;
  merged.toolContext = mergeToolContext(runtime.toolContext, defaults.toolContext);
  if (defaults.httpHeaders || runtime.httpHeaders) {
    merged.httpHeaders = { ...defaults.httpHeaders, ...runtime.httpHeaders };
  }
  return merged as T;
}
