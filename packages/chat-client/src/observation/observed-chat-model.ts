import { context } from '@opentelemetry/api';
import type {
  ChatModel,
  ChatModelRequestOptions,
  ChatOptions,
  ChatResponse,
  Prompt,
  StreamingChatModel,
} from '@sprout-ai/core';
import { isStreamingChatModel } from '@sprout-ai/core/internal';
import type { ChatClientObservationOptions } from './chat-client-observation-options';
import { ChatClientTelemetry } from './chat-client-telemetry';
import { ChatSpan, type ChatSpanScope } from './chat-span';

/** What an {@link ObservedChatModel} records beyond the conventions' required attributes. */
export type ObservedChatModelOptions = Pick<ChatClientObservationOptions, 'logPrompt' | 'logCompletion'>;

/**
 * A chat model whose every `call` and `stream` is recorded as a `chat {gen_ai.request.model}` span
 * (CLIENT), child of the caller's active span, with the same attributes and GenAI client histograms
 * as a ChatClient's model calls (see docs/observability.md). For models called directly, outside a
 * ChatClient (a script, an MCP sampling handler).
 *
 * A ChatClient built with an `ObservedChatModel` calls the model under it: the ChatClient records
 * its model calls itself, under its request span and with its own observation options, so each
 * call has one chat span.
 *
 * @example
 * ```ts
 * const model = new ObservedChatModel(new OpenAiChatModel({ apiKey }), { logCompletion: true });
 * await model.call(new Prompt('Hi'));   // one `chat gpt-4o-mini` span
 * ```
 *
 * @see Spring AI `ChatModelObservationConvention` (Spring's models observe every call)
 * @remarks Spring's chat models observe themselves; in Sprout the ChatClient observes its model
 * calls, and a model called directly is observed when wrapped. `stream` is always there: a model
 * without one is called and its response is the only chunk (as in a ChatClient's `.stream()`).
 */
export class ObservedChatModel implements ChatModel, StreamingChatModel {
  readonly #telemetry: ChatClientTelemetry;

  /**
   * @param delegate - the model that answers (kept as {@link ObservedChatModel.delegate})
   * @param options - content opt-ins (`spring.ai.chat.observations.log-prompt` / `log-completion`);
   *   both off by default
   */
  constructor(
    /** The model that answers. */
    readonly delegate: ChatModel,
    options: ObservedChatModelOptions = {},
  ) {
    this.#telemetry = new ChatClientTelemetry(options);
  }

  /**
   * The model that answers: the delegate of an `ObservedChatModel` (a ChatClient calls it so, as
   * it records the span itself).
   *
   * @param model - any chat model
   * @returns the model under an `ObservedChatModel`, else `model` itself
   */
  static unwrap(model: ChatModel): ChatModel {
    return model instanceof ObservedChatModel ? model.delegate : model;
  }

  /** The delegate's default options. */
  get defaultOptions(): ChatOptions | undefined {
    return this.delegate.defaultOptions;
  }

  /** Whether the delegate sends output schemas natively. */
  get nativeStructuredOutput(): boolean | undefined {
    return this.delegate.nativeStructuredOutput;
  }

  /** The delegate's provider (`gen_ai.provider.name`). */
  get providerName(): string | undefined {
    return this.delegate.providerName;
  }

  /**
   * Calls the model under a chat span.
   *
   * @throws whatever the model's `call` rejects with (recorded as the span's `error.type`)
   */
  async call(prompt: Prompt, options?: ChatModelRequestOptions): Promise<ChatResponse> {
    const chat = new ChatSpan(this.#scope(false), this.#withDefaults(prompt));
    try {
      const response = await context.with(chat.context, () => this.delegate.call(prompt, options));
      chat.end(response);
      return response;
    } catch (error) {
      chat.fail(error);
      throw error;
    }
  }

  /**
   * Streams the model's answer under a chat span, which ends with the stream (also when the
   * consumer stops early).
   *
   * @throws whatever the model's stream throws (recorded as the span's `error.type`)
   */
  async *stream(prompt: Prompt, options?: ChatModelRequestOptions): AsyncGenerator<ChatResponse> {
    const chat = new ChatSpan(this.#scope(true), this.#withDefaults(prompt));
    const model = this.delegate;
    try {
      if (!isStreamingChatModel(model)) {
        const response = await context.with(chat.context, () => model.call(prompt, options));
        chat.chunk(response);
        yield response;
        return;
      }
      for await (const chunk of model.stream(prompt, options)) {
        chat.chunk(chunk);
        yield chunk;
      }
    } catch (error) {
      chat.fail(error);
      throw error;
    } finally {
      chat.end();
    }
  }

  #scope(stream: boolean): ChatSpanScope {
    return {
      telemetry: this.#telemetry,
      traceContext: context.active(),
      providerName: this.delegate.providerName ?? '_OTHER',
      stream,
    };
  }

  /** The prompt as the span describes it: the model's default options under the request's (not sent). */
  #withDefaults(prompt: Prompt): Prompt {
    const defaults = this.delegate.defaultOptions;
    if (defaults === undefined) return prompt;
    const options: Record<string, unknown> = { ...defaults };
    for (const [key, value] of Object.entries(prompt.options ?? {})) if (value !== undefined) options[key] = value;
    return prompt.with({ options });
  }
}
