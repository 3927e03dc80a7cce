import { type Attributes, type Context, type Span, SpanKind, trace } from '@opentelemetry/api';
import type { ChatResponse, Prompt } from '@sprout-ai/core';
import { GEN_AI, GEN_AI_OPERATION } from '@sprout-ai/core/internal';
import { ChatClientMessageAggregator } from '../advisor/chat-client-message-aggregator';
import { ChatClientResponse } from '../chat-client-response';
import { inputMessagesJson, outputMessagesJson } from './gen-ai-messages';
import type { ChatClientTelemetry } from './chat-client-telemetry';
import { recordError, setResponseAttributes } from './request-observation';

/**
 * Where a chat span is opened: a ChatClient request's observation, or an `ObservedChatModel`'s
 * call. Internal.
 */
export interface ChatSpanScope {
  readonly telemetry: ChatClientTelemetry;
  /** The parent of the chat span. */
  readonly traceContext: Context;
  readonly providerName: string;
  readonly stream: boolean;
}

/**
 * One model call as a `chat {gen_ai.request.model}` span (CLIENT), child of the request's span,
 * with the GenAI request and response attributes, and its duration and token usage in the GenAI
 * client histograms. For a stream, chunks are folded in as they pass (time to first chunk, id,
 * model, finish reasons, usage) and, when completions are recorded, assembled into the output
 * recorded at the end. Internal.
 */
export class ChatSpan {
  readonly span: Span;
  /** The context with this span: the model's own spans (HTTP) nest under it. */
  readonly context: Context;
  readonly #started = performance.now();
  readonly #observation: ChatSpanScope;
  readonly #requestModel: string | undefined;
  #firstChunkSeconds: number | undefined;
  #id: string | undefined;
  #model: string | undefined;
  #usage: ChatResponse['metadata']['usage'];
  readonly #finishReasons: string[] = [];
  /** Assembles a stream's chunks, only when completions are recorded. */
  #output: ChatClientMessageAggregator | undefined;
  #ended = false;

  constructor(observation: ChatSpanScope, prompt: Prompt) {
    this.#observation = observation;
    const options = prompt.options;
    this.#requestModel = options?.model;
    const name =
      this.#requestModel === undefined ? GEN_AI_OPERATION.chat : `${GEN_AI_OPERATION.chat} ${this.#requestModel}`;
    this.span = observation.telemetry.tracer.startSpan(name, { kind: SpanKind.CLIENT }, observation.traceContext);
    this.context = trace.setSpan(observation.traceContext, this.span);
    if (!this.span.isRecording()) return;
    const attributes: Attributes = {
      [GEN_AI.operationName]: GEN_AI_OPERATION.chat,
      [GEN_AI.providerName]: observation.providerName,
    };
    if (options?.model !== undefined) attributes[GEN_AI.requestModel] = options.model;
    if (options?.temperature !== undefined) attributes[GEN_AI.requestTemperature] = options.temperature;
    if (options?.maxTokens !== undefined) attributes[GEN_AI.requestMaxTokens] = options.maxTokens;
    if (options?.topP !== undefined) attributes[GEN_AI.requestTopP] = options.topP;
    if (options?.stopSequences !== undefined) attributes[GEN_AI.requestStopSequences] = [...options.stopSequences];
    if (observation.stream) attributes[GEN_AI.requestStream] = true;
    this.span.setAttributes(attributes);
    if (observation.telemetry.options.logPrompt === true) {
      this.span.setAttribute(GEN_AI.inputMessages, inputMessagesJson(prompt.instructions));
    }
    if (observation.stream && observation.telemetry.options.logCompletion === true) {
      this.#output = new ChatClientMessageAggregator();
    }
  }

  /** A streamed chunk passed: the first sets the time to first chunk; ids, finish reasons and usage are kept. */
  chunk(response: ChatResponse): void {
    if (this.#firstChunkSeconds === undefined) {
      this.#firstChunkSeconds = (performance.now() - this.#started) / 1000;
      if (this.span.isRecording()) this.span.setAttribute(GEN_AI.responseTimeToFirstChunk, this.#firstChunkSeconds);
      this.#observation.telemetry
        .instruments()
        .timeToFirstChunk.record(this.#firstChunkSeconds, this.#metricAttributes());
    }
    const { id, model, usage } = response.metadata;
    if (typeof id === 'string' && id !== '') this.#id = id;
    if (typeof model === 'string' && model !== '') this.#model = model;
    if (usage !== undefined && usage.totalTokens > 0) this.#usage = usage;
    for (const g of response.results)
      if (g.metadata.finishReason !== undefined) this.#finishReasons.push(g.metadata.finishReason);
    this.#output?.add(new ChatClientResponse(response, {}));
  }

  /**
   * Ends the span with the model's response (for a stream: the aggregate, or nothing to use the
   * folded chunks and the output assembled so far).
   */
  end(response?: ChatResponse): void {
    if (this.#ended) return;
    this.#ended = true;
    const usage = response?.metadata.usage ?? this.#usage;
    const model = typeof response?.metadata.model === 'string' ? response.metadata.model : this.#model;
    if (this.span.isRecording()) {
      if (response !== undefined) setResponseAttributes(this.span, response);
      else this.#setFoldedAttributes();
      const output = response ?? this.#output?.result()?.chatResponse;
      if (output !== undefined && this.#observation.telemetry.options.logCompletion === true) {
        this.span.setAttribute(GEN_AI.outputMessages, outputMessagesJson(output));
      }
    }
    this.#recordMetrics(model, usage, undefined);
    this.span.end();
  }

  /** Ends the span with the error the model call failed with. */
  fail(error: unknown): void {
    if (this.#ended) return;
    this.#ended = true;
    const type = recordError(this.span, error);
    this.#recordMetrics(this.#model, undefined, type);
    this.span.end();
  }

  #setFoldedAttributes(): void {
    if (this.#id !== undefined) this.span.setAttribute(GEN_AI.responseId, this.#id);
    if (this.#model !== undefined) this.span.setAttribute(GEN_AI.responseModel, this.#model);
    if (this.#finishReasons.length > 0) this.span.setAttribute(GEN_AI.responseFinishReasons, this.#finishReasons);
    if (this.#usage !== undefined) {
      this.span.setAttribute(GEN_AI.usageInputTokens, this.#usage.promptTokens);
      this.span.setAttribute(GEN_AI.usageOutputTokens, this.#usage.completionTokens);
    }
  }

  #metricAttributes(responseModel?: string, errorType?: string): Attributes {
    const attributes: Attributes = {
      [GEN_AI.operationName]: GEN_AI_OPERATION.chat,
      [GEN_AI.providerName]: this.#observation.providerName,
    };
    if (this.#requestModel !== undefined) attributes[GEN_AI.requestModel] = this.#requestModel;
    if (responseModel !== undefined) attributes[GEN_AI.responseModel] = responseModel;
    if (errorType !== undefined) attributes[GEN_AI.errorType] = errorType;
    return attributes;
  }

  #recordMetrics(
    model: string | undefined,
    usage: ChatResponse['metadata']['usage'],
    errorType: string | undefined,
  ): void {
    const instruments = this.#observation.telemetry.instruments();
    const attributes = this.#metricAttributes(model, errorType);
    instruments.operationDuration.record((performance.now() - this.#started) / 1000, attributes);
    if (usage !== undefined && usage.totalTokens > 0) {
      instruments.tokenUsage.record(usage.promptTokens, { ...attributes, [GEN_AI.tokenType]: 'input' });
      instruments.tokenUsage.record(usage.completionTokens, { ...attributes, [GEN_AI.tokenType]: 'output' });
    }
  }
}
