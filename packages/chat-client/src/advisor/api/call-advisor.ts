import type { ChatClientRequest } from '../../chat-client-request';
import type { ChatClientResponse } from '../../chat-client-response';
import type { Advisor } from './advisor';
import type { CallAdvisorChain } from './call-advisor-chain';

/**
 * An advisor of the non-streaming path (`.call()`): it may change the request, call the rest of
 * the chain (`chain.nextCall(request)`) zero or more times, and change the response.
 *
 * @example
 * ```ts
 * const logging: CallAdvisor = {
 *   name: 'logging',
 *   order: 0,
 *   async adviseCall(request, chain) {
 *     const response = await chain.nextCall(request);
 *     console.log(response.chatResponse?.result?.output.text);
 *     return response;
 *   },
 * };
 * ```
 * @see Spring AI `CallAdvisor`
 */
export interface CallAdvisor extends Advisor {
  /**
   * @param request - the request as the outer advisors left it
   * @param chain - the advisors after this one, ending with the model
   * @returns the response handed back to the outer advisors
   */
  adviseCall(request: ChatClientRequest, chain: CallAdvisorChain): Promise<ChatClientResponse>;
}

/** True when `advisor` has an `adviseCall` method, i.e. it takes part in `.call()`. */
export function isCallAdvisor(advisor: unknown): advisor is CallAdvisor {
  return typeof (advisor as CallAdvisor | null | undefined)?.adviseCall === 'function';
}
