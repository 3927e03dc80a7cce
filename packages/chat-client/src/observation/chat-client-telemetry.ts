import { type Histogram, INVALID_SPAN_CONTEXT, type Meter, SpanKind, context, trace } from '@opentelemetry/api';
import type { ChatModel } from '@sprout-ai/core';
import {
  GEN_AI,
  GEN_AI_METRIC,
  GEN_AI_OPERATION,
  INSTRUMENTATION_SCOPE,
  LazyInstruments,
  NOOP_HISTOGRAM,
  tracerProviderRegistered,
} from '@sprout-ai/core/internal';
import type { ChatClientRequest } from '../chat-client-request';
import type { ChatClientLoopListener } from './chat-client-loop-listener';
import type { ChatClientObservationOptions } from './chat-client-observation-options';
import { RequestObservation } from './request-observation';

/** The GenAI client histograms (seconds, tokens) of one ChatClient. */
export interface ChatClientInstruments {
  readonly operationDuration: Histogram;
  readonly tokenUsage: Histogram;
  readonly timeToFirstChunk: Histogram;
}

// Bucket boundaries the GenAI conventions advise.
const DURATION_BUCKETS = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92];
const TOKEN_BUCKETS = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864];

/** The request span of an observation that records nothing (a no-op span, shared: it has no state). */
const NON_RECORDING_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

function createInstruments(meter: Meter): ChatClientInstruments {
  return {
    operationDuration: meter.createHistogram(GEN_AI_METRIC.operationDuration, {
      unit: 's',
      description: 'GenAI operation duration',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
    tokenUsage: meter.createHistogram(GEN_AI_METRIC.tokenUsage, {
      unit: '{token}',
      description: 'Number of input and output tokens used',
      advice: { explicitBucketBoundaries: TOKEN_BUCKETS },
    }),
    timeToFirstChunk: meter.createHistogram(GEN_AI_METRIC.timeToFirstChunk, {
      unit: 's',
      description: 'Time to receive the first chunk of a streamed response',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
  };
}

/**
 * The OpenTelemetry side of one ChatClient: starts each request's `invoke_agent` span (INTERNAL)
 * and hands the request a {@link RequestObservation} through which the model advisors record
 * `chat {model}` spans (CLIENT) and the loop its rounds. Internal.
 */
export class ChatClientTelemetry {
  readonly tracer = trace.getTracer(INSTRUMENTATION_SCOPE.chatClient);
  readonly #instruments = new LazyInstruments(INSTRUMENTATION_SCOPE.chatClient, createInstruments);

  /** @param options - content opt-ins and the agent name */
  constructor(readonly options: ChatClientObservationOptions = {}) {}

  /** The instruments for the meter provider registered now. */
  instruments(): ChatClientInstruments {
    return this.#instruments.get();
  }

  /**
   * Starts a request's span, as a child of the caller's active span.
   *
   * @param request - the request entering the chain
   * @param chatModel - the client's model (provider name, default model)
   * @param stream - true for `.stream()`
   * @param listeners - the request's loop listeners (the client's defaults, then its own)
   * @returns the observation; `undefined` when it would record nothing and tell nobody (no tracer or
   *   meter provider registered, no listener), so the request runs unobserved at no cost; with
   *   listeners only, one that tells them and records no span
   */
  startRequest(
    request: ChatClientRequest,
    chatModel: ChatModel,
    stream: boolean,
    listeners: readonly ChatClientLoopListener[],
  ): RequestObservation | undefined {
    const traced = this.#providerRegistered();
    if (!traced && listeners.length === 0) return undefined;
    const parent = context.active();
    const providerName = chatModel.providerName ?? '_OTHER';
    if (!traced)
      return new RequestObservation(this, NON_RECORDING_SPAN, parent, providerName, stream, listeners, false);
    const agentName = this.options.agentName;
    const name =
      agentName === undefined ? GEN_AI_OPERATION.invokeAgent : `${GEN_AI_OPERATION.invokeAgent} ${agentName}`;
    const span = this.tracer.startSpan(name, { kind: SpanKind.INTERNAL }, parent);
    if (span.isRecording()) {
      span.setAttributes({
        [GEN_AI.operationName]: GEN_AI_OPERATION.invokeAgent,
        [GEN_AI.providerName]: providerName,
        [GEN_AI.requestStream]: stream,
      });
      if (agentName !== undefined) span.setAttribute(GEN_AI.agentName, agentName);
      const model = request.prompt.options?.model;
      if (model !== undefined) span.setAttribute(GEN_AI.requestModel, model);
      const conversationId = conversationIdOf(request.context);
      if (conversationId !== undefined) span.setAttribute(GEN_AI.conversationId, conversationId);
    }
    return new RequestObservation(this, span, trace.setSpan(parent, span), providerName, stream, listeners, true);
  }

  /**
   * Whether a tracer or a meter provider is registered, i.e. spans or metrics would be recorded.
   * Asked per request, since an SDK can be registered at any time.
   */
  #providerRegistered(): boolean {
    return tracerProviderRegistered() || this.instruments().operationDuration !== NOOP_HISTOGRAM;
  }
}

/** The conversation id advisors share (`chat_memory_conversation_id`), when the request has one. */
export function conversationIdOf(requestContext: Readonly<Record<string, unknown>>): string | undefined {
  const id = requestContext.chat_memory_conversation_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
