import type { ChatClientRequest } from '../../chat-client-request';
import type { ChatClientResponse } from '../../chat-client-response';
import type { StreamAdvisor } from './stream-advisor';

/**
 * The rest of the advisor chain, as seen by one {@link StreamAdvisor}.
 *
 * @see Spring AI `StreamAdvisorChain`
 */
export interface StreamAdvisorChain {
  /**
   * Streams the next advisor (the last one streams the model).
   *
   * @param request - the request to pass on
   * @returns the chunks of the rest of the chain
   * @throws AdvisorChainError (when iterated) when no advisor is left
   */
  nextStream(request: ChatClientRequest): AsyncIterable<ChatClientResponse>;
  /**
   * A new chain made of the advisors that come after `after`, so a loop can stream the rest of
   * the chain once per round.
   *
   * @param after - an advisor of this chain
   * @throws AdvisorChainError when `after` is not part of this chain
   */
  copy(after: StreamAdvisor): StreamAdvisorChain;
  /** Every stream advisor of the chain, sorted by order (the model advisor last). */
  readonly streamAdvisors: readonly StreamAdvisor[];
}
