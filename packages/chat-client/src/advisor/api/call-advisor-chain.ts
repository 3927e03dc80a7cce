import type { ChatClientRequest } from '../../chat-client-request';
import type { ChatClientResponse } from '../../chat-client-response';
import type { CallAdvisor } from './call-advisor';

/**
 * The rest of the advisor chain, as seen by one {@link CallAdvisor}.
 *
 * @see Spring AI `CallAdvisorChain`
 */
export interface CallAdvisorChain {
  /**
   * Runs the next advisor (the last one calls the model).
   *
   * @param request - the request to pass on
   * @returns the response of the rest of the chain
   * @throws AdvisorChainError when no advisor is left
   */
  nextCall(request: ChatClientRequest): Promise<ChatClientResponse>;
  /**
   * A new chain made of the advisors that come after `after`, so a loop can call the rest of the
   * chain once per round.
   *
   * @param after - an advisor of this chain
   * @throws AdvisorChainError when `after` is not part of this chain
   */
  copy(after: CallAdvisor): CallAdvisorChain;
  /** Every call advisor of the chain, sorted by order (the model advisor last). */
  readonly callAdvisors: readonly CallAdvisor[];
}
