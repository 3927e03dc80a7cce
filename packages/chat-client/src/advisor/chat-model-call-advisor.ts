import { context } from '@opentelemetry/api';
import { type ChatModel, RequestAbortedError } from '@sprout-ai/core';
import { untilAborted } from '@sprout-ai/core/internal';
import type { ChatClientRequest } from '../chat-client-request';
import { OUTPUT_FORMAT, STRUCTURED_OUTPUT_NATIVE, STRUCTURED_OUTPUT_SCHEMA } from '../chat-client-attributes';
import { appendToUserMessage } from './append-to-user-message';
import { ChatClientResponse } from '../chat-client-response';
import type { CallAdvisor } from './api/call-advisor';
import type { CallAdvisorChain } from './api/call-advisor-chain';
import { LOWEST_PRECEDENCE } from './api/ordered';
import { ObservedChatModel } from '../observation/observed-chat-model';
import { requestObservationOf } from '../observation/request-observation';

/**
 * The last advisor of every chain: sends the request's prompt to the model, once, and never calls
 * the chain. The ChatClient adds it to every request.
 *
 * The request's {@link ChatClientRequest.signal} is passed to the model (`call(prompt, { signal })`);
 * when it aborts, the call rejects with `RequestAbortedError` at once, even if the model ignores
 * the signal. A signal already aborted rejects without calling the model.
 *
 * For `.entity()` (context {@link STRUCTURED_OUTPUT_SCHEMA} and {@link OUTPUT_FORMAT} set), the
 * schema goes to the model as `options.outputSchema` when {@link STRUCTURED_OUTPUT_NATIVE} is `true`,
 * or is unset and the model's `nativeStructuredOutput` is `true`; otherwise the format instructions
 * are appended to the last user message.
 *
 * Within a ChatClient request the call is recorded as a `chat {model}` span (see docs/observability.md);
 * an {@link ObservedChatModel} is then called through its delegate, so the call has one span.
 *
 * @remarks Cancellation is not in Spring AI's advisor (see `ChatClientRequestSpec.abortSignal`).
 * @see Spring AI `ChatModelCallAdvisor`
 */
export class ChatModelCallAdvisor implements CallAdvisor {
  readonly name = 'call';
  readonly order = LOWEST_PRECEDENCE;

  /**
   * @param chatModel - the model the ChatClient was built with
   */
  constructor(readonly chatModel: ChatModel) {}

  /**
   * @returns the model's response with the request's context
   * @throws RequestAbortedError when the request's signal is aborted before the model answered
   * @throws whatever the model's `call` rejects with (network, HTTP status …)
   */
  async adviseCall(request: ChatClientRequest, _chain: CallAdvisorChain): Promise<ChatClientResponse> {
    const signal = request.signal;
    RequestAbortedError.throwIfAborted(signal);
    const prompt = this.withOutputFormat(request);
    const chat = requestObservationOf(request.context)?.startChat(prompt);
    if (chat === undefined) {
      const chatResponse = await untilAborted(this.chatModel.call(prompt, { signal }), signal);
      return new ChatClientResponse(chatResponse, request.context);
    }
    const model = ObservedChatModel.unwrap(this.chatModel);
    try {
      const chatResponse = await context.with(chat.context, () => untilAborted(model.call(prompt, { signal }), signal));
      chat.end(chatResponse);
      return new ChatClientResponse(chatResponse, request.context);
    } catch (error) {
      chat.fail(error);
      throw error;
    }
  }

  /** The prompt with the requested output schema (natively) or format instructions; as it was when none is requested. */
  private withOutputFormat(request: ChatClientRequest): ChatClientRequest['prompt'] {
    const { prompt, context } = request;
    const schema = context[STRUCTURED_OUTPUT_SCHEMA];
    const format = context[OUTPUT_FORMAT];
    const asked = context[STRUCTURED_OUTPUT_NATIVE];
    const native = typeof asked === 'boolean' ? asked : this.chatModel.nativeStructuredOutput === true;
    if (native && typeof schema === 'string' && schema !== '')
      return prompt.with({ options: { ...prompt.options, outputSchema: schema } });
    if (typeof format === 'string' && format.trim() !== '') return appendToUserMessage(prompt, format);
    return prompt;
  }
}
