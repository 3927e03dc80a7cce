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
  /**
   * JSON Schema text the answer must match, sent to the provider as an API-level constraint (OpenAI
   * `response_format: json_schema`) by models whose `nativeStructuredOutput` is true. Set by the
   * ChatClient for `.call().entity(Type)`; its `title` names the schema.
   *
   * @see Spring AI `StructuredOutputChatOptions.outputSchema`
   */
  readonly outputSchema?: string;
}

/** OpenAI's `tool_choice` values. */
export type ToolChoice =
  'auto' | 'none' | 'required' | { readonly type: 'function'; readonly function: { readonly name: string } };
