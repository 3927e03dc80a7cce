import { type ChatResponse, type Usage } from '@sprout-ai/core';
import { addUsage, sameUsage } from '@sprout-ai/core/internal';
import type { ChatClientResponse } from '../chat-client-response';

/**
 * Sums the token usage of every model round of one tool-calling turn, so the caller sees what the
 * whole turn cost rather than only the last round.
 *
 * A usage is "empty" when it is missing or its total is 0; empty rounds leave the running total
 * unchanged.
 *
 * @see Spring AI `UsageAccumulator`
 */
export class UsageAccumulator {
  #total: Usage | undefined;

  /** The running total, or `undefined` while every round reported an empty usage. */
  get accumulatedUsage(): Usage | undefined {
    return this.#total;
  }

  /**
   * Folds one round's usage into the total.
   *
   * @param chatResponse - the round's model response (may be absent)
   */
  addRoundResponse(chatResponse: ChatResponse | undefined): void {
    const sum = addUsage(this.#total, chatResponse?.metadata.usage);
    this.#total = isEmpty(sum) ? undefined : sum;
  }

  /**
   * @param response - the response of the final round (or the returnDirect/limit response)
   * @returns `response` unchanged when there is no chat response, nothing was accumulated, or
   * its usage already equals the total; otherwise a copy whose metadata usage is the total (other
   * metadata kept)
   */
  applyAccumulatedUsage(response: ChatClientResponse): ChatClientResponse {
    const total = this.#total;
    const chatResponse = response.chatResponse;
    if (chatResponse === undefined || total === undefined || sameUsage(total, chatResponse.metadata.usage)) {
      return response;
    }
    const metadata = Object.assign({}, chatResponse.metadata, { usage: total });
    return response.with({ chatResponse: chatResponse.with({ metadata }) });
  }
}

function isEmpty(usage: Usage | undefined): boolean {
  return usage === undefined || usage.totalTokens === 0;
}
