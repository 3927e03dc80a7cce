import type { Prompt } from '../prompt/prompt';
import type { ChatResponse } from './chat-response';
import type { ChatModel } from './chat-model';
import type { ChatModelRequestOptions } from './chat-model-request-options';

/**
 * A chat model that can stream its answer as it is generated.
 *
 * The stream is a sequence of partial `ChatResponse`s ("chunks"):
 * - a text chunk carries the new text only (`result.output.text` is the delta);
 * - while tool calls are being generated, chunks carry no text and list their progress as
 *   {@link ToolCallDelta}s under the generation metadata key {@link TOOL_CALL_DELTAS_METADATA_KEY};
 * - the **last** chunk of a choice carries the complete tool calls (if any, ids and arguments
 *   final), the finish reason, and the response usage when the provider reports one.
 *
 * Concatenating the texts and taking the tool calls of the last chunk gives what `call` would
 * have returned.
 *
 * @remarks A separate interface, as in Spring; `AsyncIterable` instead of `Flux`. Breaking out of
 * the iteration cancels the request.
 * @see Spring AI `StreamingChatModel`
 */
export interface StreamingChatModel {
  /**
   * Sends one request and streams the answer.
   *
   * @param prompt - the messages and options
   * @param options - per-request settings; `signal` cancels the request (iteration then throws a
   *   `RequestAbortedError`)
   * @returns the chunks, in order; iterating it again sends the request again
   */
  stream(prompt: Prompt, options?: ChatModelRequestOptions): AsyncIterable<ChatResponse>;
}

/** True when `model` has a `stream` method (it implements {@link StreamingChatModel}). */
export function isStreamingChatModel(model: unknown): model is StreamingChatModel & Partial<ChatModel> {
  return typeof (model as { stream?: unknown } | null | undefined)?.stream === 'function';
}

/** Key of the generation metadata entry that holds a stream chunk's {@link ToolCallDelta}s. */
export const TOOL_CALL_DELTAS_METADATA_KEY = 'toolCallDeltas';

/**
 * Progress of one tool call while a model streams it.
 *
 * @example `{ index: 0, id: 'call_1', name: 'getOrderStatus', argumentsDelta: '{"orderI', first: true }`
 */
export interface ToolCallDelta {
  /** Position of the call in the final `toolCalls` list. */
  readonly index: number;
  /** The call's id as the server sent it (`''` when it sent none: tell calls apart by `index`). */
  readonly id: string;
  /** The tool name as known so far (`''` until the server sends it). */
  readonly name: string;
  /** The arguments text that arrived with this chunk (may be `''`). */
  readonly argumentsDelta: string;
  /** True on the first delta of the call. */
  readonly first: boolean;
}

/**
 * The tool-call deltas of a stream chunk's generation.
 *
 * @param metadata - a generation's metadata
 * @returns the deltas, or `[]`
 */
export function toolCallDeltasOf(metadata: Readonly<Record<string, unknown>> | undefined): readonly ToolCallDelta[] {
  const deltas = metadata?.[TOOL_CALL_DELTAS_METADATA_KEY];
  return Array.isArray(deltas) ? (deltas as ToolCallDelta[]) : [];
}
