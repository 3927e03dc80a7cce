/**
 * Portable request options. Providers map what they support and ignore the rest.
 *
 * @see Spring AI `ChatOptions`
 */
export interface ChatOptions {
  readonly model?: string;
  readonly temperature?: number;
  /** Upper bound on generated tokens (units: tokens). */
  readonly maxTokens?: number;
  readonly topP?: number;
  readonly stopSequences?: readonly string[];
  /**
   * OpenAI `tool_choice`: `'auto'`, `'none'`, `'required'` or `{type:'function', function:{name}}`.
   */
  readonly toolChoice?: ToolChoice;
}

/** OpenAI's `tool_choice` values. */
export type ToolChoice =
  'auto' | 'none' | 'required' | { readonly type: 'function'; readonly function: { readonly name: string } };
