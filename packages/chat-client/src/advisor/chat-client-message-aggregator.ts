import {
  AssistantMessage,
  ChatResponse,
  TOOL_CALL_DELTAS_METADATA_KEY,
  type Generation,
  type ToolCall,
} from '@sprout-ai/core';
import { ChatClientResponse } from '../chat-client-response';

interface GenerationParts {
  readonly text: string[];
  readonly toolCalls: ToolCall[];
  messageMetadata: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/**
 * Folds the chunks of one streamed round into one response: per generation (matched by the
 * output's `metadata.index`, else by position) the texts are concatenated, the tool calls
 * appended, the metadata merged (a later finish reason wins; tool-call deltas are dropped);
 * response metadata is merged with the last non-empty usage winning; contexts are merged.
 *
 * @see Spring AI `ChatClientMessageAggregator`
 */
export class ChatClientMessageAggregator {
  readonly #generations = new Map<number, GenerationParts>();
  #metadata: Record<string, unknown> = {};
  #context: Record<string, unknown> = {};
  #chunks = 0;
  #withResponse = false;

  /**
   * @param response - the next chunk
   */
  add(response: ChatClientResponse): void {
    this.#chunks++;
    // Object.assign, not `{ ...a, ...b }`: merging two spreads takes V8's slow path (~1 µs a chunk).
    this.#context = Object.assign({}, this.#context, response.context);
    const chatResponse = response.chatResponse;
    if (chatResponse === undefined) return;
    this.#withResponse = true;
    const { usage, ...rest } = chatResponse.metadata;
    this.#metadata = Object.assign({}, rest, this.#metadata);
    if (usage !== undefined && usage.totalTokens > 0) this.#metadata.usage = usage;
    chatResponse.results.forEach((generation, position) => {
      const index = typeof generation.output.metadata.index === 'number' ? generation.output.metadata.index : position;
      let parts = this.#generations.get(index);
      if (parts === undefined) {
        parts = { text: [], toolCalls: [], messageMetadata: {}, metadata: {} };
        this.#generations.set(index, parts);
      }
      if (generation.output.text !== '') parts.text.push(generation.output.text);
      parts.toolCalls.push(...generation.output.toolCalls);
      parts.messageMetadata = Object.assign({}, parts.messageMetadata, generation.output.metadata);
      const { [TOOL_CALL_DELTAS_METADATA_KEY]: _deltas, ...metadata } = generation.metadata;
      parts.metadata = Object.assign({}, parts.metadata, withoutUndefined(metadata));
    });
  }

  /** The aggregated response, or `undefined` when no chunk was added. */
  result(): ChatClientResponse | undefined {
    if (this.#chunks === 0) return undefined;
    if (!this.#withResponse) return new ChatClientResponse(undefined, this.#context);
    const results: Generation[] = [...this.#generations.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, parts]) => ({
        output: new AssistantMessage(parts.text.join(''), parts.toolCalls, parts.messageMetadata),
        metadata: parts.metadata,
      }));
    return new ChatClientResponse(new ChatResponse(results, this.#metadata), this.#context);
  }
}

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
  return out;
}
