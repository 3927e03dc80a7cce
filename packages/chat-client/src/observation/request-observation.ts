import { type Context, type Span, SpanStatusCode } from '@opentelemetry/api';
import type { ChatResponse, PendingToolCall, Prompt } from '@sprout-ai/core';
import { GEN_AI, SPROUT_ATTRIBUTE, createLogger, redactCredentials } from '@sprout-ai/core/internal';
import type { ChatClientResponse } from '../chat-client-response';
import type { ChatClientLoopListener } from './chat-client-loop-listener';
import { ChatSpan } from './chat-span';
import type { ChatClientTelemetry } from './chat-client-telemetry';

const logger = createLogger('ChatClient');

/**
 * Context key of the {@link RequestObservation} in a ChatClient request (set by the request spec,
 * read by the model advisors and the tool loop).
 */
export const REQUEST_OBSERVATION_KEY = '@sprout-ai/chat-client/request-observation';

/**
 * One ChatClient request as it is observed: its `invoke_agent` span and that span's context (the
 * parent of the chat and tool spans), the loop listeners, and what the loop reports. Internal.
 */
export class RequestObservation {
  /** Rounds of the tool loop so far. */
  rounds = 0;
  #loopEnd: string | undefined;

  constructor(
    readonly telemetry: ChatClientTelemetry,
    readonly span: Span,
    /** The context with the request's span: the parent of the chat and tool spans. */
    readonly traceContext: Context,
    readonly providerName: string,
    readonly stream: boolean,
    readonly listeners: readonly ChatClientLoopListener[],
    /** False when no tracer or meter provider is registered: the observation only tells the listeners. */
    readonly traced: boolean,
  ) {}

  /**
   * Starts a `chat {model}` span for one model call of this request; `undefined` when the request
   * is not traced (the call needs no span).
   */
  startChat(prompt: Prompt): ChatSpan | undefined {
    return this.traced ? new ChatSpan(this, prompt) : undefined;
  }

  /** Tells every listener; what a listener throws is logged and ignored. */
  notify(tell: (listener: ChatClientLoopListener) => void): void {
    for (const listener of this.listeners) {
      try {
        tell(listener);
      } catch (error) {
        logger.warn({ err: error }, 'A ChatClient loop listener threw; ignored');
      }
    }
  }

  /**
   * The turn pauses for a person's decision: one `sprout.tool.approval_pending` event per waiting
   * call on the request's span (tool name, call id, why; not the arguments).
   */
  approvalPending(calls: readonly PendingToolCall[]): void {
    if (!this.span.isRecording()) return;
    for (const call of calls) {
      this.span.addEvent('sprout.tool.approval_pending', {
        [GEN_AI.toolName]: call.toolName,
        [GEN_AI.toolCallId]: call.id,
        [SPROUT_ATTRIBUTE.approvalReason]: call.reason,
      });
    }
  }

  /** The loop reports how the turn ended (`answer`, `returnDirect`, `limit`, `pendingApproval`). */
  loopEnded(end: string): void {
    this.#loopEnd = end;
  }

  /** Ends the request's span with the final response. */
  end(response: ChatClientResponse | undefined): void {
    const span = this.span;
    if (span.isRecording()) {
      if (this.rounds > 0) span.setAttribute(SPROUT_ATTRIBUTE.loopRounds, this.rounds);
      if (this.#loopEnd !== undefined) span.setAttribute(SPROUT_ATTRIBUTE.loopEnd, this.#loopEnd);
      const chatResponse = response?.chatResponse;
      if (chatResponse !== undefined) setResponseAttributes(span, chatResponse);
    }
    span.end();
  }

  /** Ends the request's span with the error that failed it. */
  fail(error: unknown): void {
    recordError(this.span, error);
    this.span.end();
  }
}

/** `gen_ai.response.*` and `gen_ai.usage.*` of a response. */
export function setResponseAttributes(span: Span, response: ChatResponse): void {
  const { id, model, usage } = response.metadata;
  if (typeof id === 'string' && id !== '') span.setAttribute(GEN_AI.responseId, id);
  if (typeof model === 'string' && model !== '') span.setAttribute(GEN_AI.responseModel, model);
  const reasons = response.results.map((g) => g.metadata.finishReason).filter((r): r is string => r !== undefined);
  if (reasons.length > 0) span.setAttribute(GEN_AI.responseFinishReasons, reasons);
  if (usage !== undefined && usage.totalTokens > 0) {
    span.setAttribute(GEN_AI.usageInputTokens, usage.promptTokens);
    span.setAttribute(GEN_AI.usageOutputTokens, usage.completionTokens);
    if (usage.cacheReadInputTokens !== undefined) {
      span.setAttribute(GEN_AI.usageCacheReadInputTokens, usage.cacheReadInputTokens);
    }
    if (usage.cacheWriteInputTokens !== undefined) {
      span.setAttribute(GEN_AI.usageCacheCreationInputTokens, usage.cacheWriteInputTokens);
    }
  }
}

/** `error.type` (the error's class name) and an error status with the masked message. */
export function recordError(span: Span, error: unknown): string {
  const type = error instanceof Error ? error.constructor.name : '_OTHER';
  if (span.isRecording()) {
    span.setAttribute(GEN_AI.errorType, type);
    const message = error instanceof Error ? error.message : String(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: redactCredentials(message) });
  }
  return type;
}

/**
 * @param response - a response on its way out of the ChatClient
 * @returns the response without the observation in its context (the same response when it has none)
 */
export function withoutRequestObservation(response: ChatClientResponse): ChatClientResponse {
  if (!(REQUEST_OBSERVATION_KEY in response.context)) return response;
  const { [REQUEST_OBSERVATION_KEY]: _observation, ...rest } = response.context;
  return response.with({ context: rest });
}

/**
 * @param requestContext - a request context
 * @returns the request's observation, or `undefined` outside a ChatClient request
 */
export function requestObservationOf(
  requestContext: Readonly<Record<string, unknown>>,
): RequestObservation | undefined {
  const observation = requestContext[REQUEST_OBSERVATION_KEY];
  return observation instanceof RequestObservation ? observation : undefined;
}
