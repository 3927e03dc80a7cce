import type { ChatResponse } from '@sprout-ai/core';
import { frozenContext } from './frozen-context';

/**
 * What travels back up the advisor chain: the model's response (absent when an advisor answered
 * without calling the model) and the context.
 *
 * @remarks Immutable, like {@link ChatClientRequest}.
 * @see Spring AI `ChatClientResponse`
 */
export class ChatClientResponse {
  readonly context: Readonly<Record<string, unknown>>;

  /**
   * @param chatResponse - the model's response, or `undefined`
   * @param context - advisor data; copied
   */
  constructor(
    readonly chatResponse: ChatResponse | undefined,
    context: Readonly<Record<string, unknown>> = {},
  ) {
    this.context = frozenContext(context);
  }

  /** A copy with another chat response and/or context (the context is copied again). */
  with(change: { chatResponse?: ChatResponse; context?: Readonly<Record<string, unknown>> }): ChatClientResponse {
    return new ChatClientResponse(
      'chatResponse' in change ? change.chatResponse : this.chatResponse,
      change.context ?? this.context,
    );
  }
}
