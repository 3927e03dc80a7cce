import type { ChatModelRequestOptions } from '../chat/model/chat-model-request-options';

/**
 * Turns texts into embedding vectors: one vector of numbers per text, in the order given, all of
 * the model's length. Texts that mean similar things get vectors with a high cosine similarity.
 *
 * Providers implement it (`OpenAiEmbeddingModel` of `@sprout-ai/openai`); a vector index of tools
 * (`VectorToolIndex` of `@sprout-ai/chat-client`) uses it.
 *
 * @example
 * ```ts
 * const [query] = await embeddingModel.embed(['cancel an order']);
 * ```
 * @remarks Departure from Spring: only Spring's `embed(List<String>)`, async; Spring's
 * `call(EmbeddingRequest)` with its response metadata, `embed(Document)` and `dimensions()` are
 * left out until something needs them. Cancellation takes an `AbortSignal`, as `ChatModel.call` does.
 * @see Spring AI `EmbeddingModel`
 */
export interface EmbeddingModel {
  /**
   * Embeds texts; an empty list gives an empty list without a request.
   *
   * @param texts - the texts, none empty (providers reject empty input)
   * @param options - `signal` cancels the request (it then rejects with a `RequestAbortedError`)
   * @returns one vector per text, in the order of `texts`
   */
  embed(texts: readonly string[], options?: ChatModelRequestOptions): Promise<number[][]>;
}
