import { ChatResponse, type ToolExecutionEligibilityChecker } from '@sprout-ai/core';
import { addUsage } from '@sprout-ai/core/internal';
import type { ChatClientResponse } from '../chat-client-response';
import type { ChatClientMessageAggregator } from './chat-client-message-aggregator';
import type { UsageAccumulator } from './usage-accumulator';

/**
 * Passes one round's chunks on, as Spring's stream loop does: every chunk is aggregated; chunks
 * that carry tool calls are held back (text before a tool call is passed on); a chunk carrying
 * usage gets the earlier rounds' usage added.
 *
 * @param chunks - the round's stream from the rest of the chain
 * @param aggregator - collects the round's response
 * @param usage - the usage of the earlier rounds
 * @param checker - tells chunks carrying tool calls
 */
export async function* streamRound(
  chunks: AsyncIterable<ChatClientResponse>,
  aggregator: ChatClientMessageAggregator,
  usage: UsageAccumulator,
  checker: ToolExecutionEligibilityChecker,
): AsyncGenerator<ChatClientResponse> {
  const previous = usage.accumulatedUsage;
  for await (const chunk of chunks) {
    aggregator.add(chunk);
    const chatResponse = chunk.chatResponse;
    if (chatResponse === undefined) {
      yield chunk;
      continue;
    }
    if (checker(chatResponse)) continue;
    const own = chatResponse.metadata.usage;
    if (previous === undefined || own === undefined || own.totalTokens <= 0) {
      yield chunk;
      continue;
    }
    yield chunk.with({
      chatResponse: chatResponse.with({ metadata: { ...chatResponse.metadata, usage: addUsage(previous, own) } }),
    });
  }
}

/**
 * The trailing chunk of a stream whose last round reported no usage of its own while earlier
 * rounds did: a usage-only chunk (no generations) with the total; none otherwise.
 *
 * @param answer - the last round's aggregated response
 * @param usage - the usage of every round
 */
export function usageOnlyChunk(answer: ChatClientResponse, usage: UsageAccumulator): ChatClientResponse[] {
  const total = usage.accumulatedUsage;
  const own = answer.chatResponse?.metadata.usage;
  if (total === undefined || (own !== undefined && own.totalTokens !== 0)) return [];
  return [answer.with({ chatResponse: new ChatResponse([], { ...answer.chatResponse?.metadata, usage: total }) })];
}

/**
 * An iterable that starts over from `start()` each time it is iterated, so iterating a stream
 * again re-runs it (as resubscribing does in Spring) instead of finding a spent generator.
 *
 * @param start - begins one iteration
 * @returns the re-iterable stream
 */
export function reiterable<T>(start: () => AsyncIterable<T>): AsyncIterable<T> {
  return { [Symbol.asyncIterator]: () => start()[Symbol.asyncIterator]() };
}

/** The items as an async iterable (for `doFinalizeLoopStream`, which takes one). */
export async function* fromArray<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}
