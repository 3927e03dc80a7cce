import type { ChatClientRequest } from '../../chat-client-request';
import type { ChatClientResponse } from '../../chat-client-response';
import type { Advisor } from './advisor';
import type { StreamAdvisorChain } from './stream-advisor-chain';

/**
 * An advisor of the streaming path (`.stream()`): it may change the request, stream the rest of
 * the chain (`chain.nextStream(request)`) zero or more times, and change, drop or add chunks.
 *
 * @example
 * ```ts
 * const upper: StreamAdvisor = {
 *   name: 'upper',
 *   order: 0,
 *   async *adviseStream(request, chain) {
 *     for await (const response of chain.nextStream(request)) yield response;
 *   },
 * };
 * ```
 * @remarks `AsyncIterable` instead of `Flux`; iterating the returned stream again runs it again.
 * @see Spring AI `StreamAdvisor`
 */
export interface StreamAdvisor extends Advisor {
  /**
   * @param request - the request as the outer advisors left it
   * @param chain - the advisors after this one, ending with the model
   * @returns the chunks handed back to the outer advisors
   */
  adviseStream(request: ChatClientRequest, chain: StreamAdvisorChain): AsyncIterable<ChatClientResponse>;
}

/** True when `advisor` has an `adviseStream` method, i.e. it takes part in `.stream()`. */
export function isStreamAdvisor(advisor: unknown): advisor is StreamAdvisor {
  return typeof (advisor as StreamAdvisor | null | undefined)?.adviseStream === 'function';
}
