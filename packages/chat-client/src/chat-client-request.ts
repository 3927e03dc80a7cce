import { ConfigurationError, Prompt } from '@sprout-ai/core';
import { frozenContext } from './frozen-context';

/** Key of the request-context entry that holds the request's `AbortSignal` (see {@link ChatClientRequest.signal}). */
export const ABORT_SIGNAL_KEY = '@sprout-ai/chat-client/abort-signal';

/**
 * What travels down the advisor chain: the prompt and a context of advisor parameters and
 * advisor-to-advisor data (for example a conversation id).
 *
 * @remarks Immutable: the context is a frozen copy, and {@link ChatClientRequest.with} returns a
 * new request with a new copy (Spring copies the context map on every build/mutate).
 * @see Spring AI `ChatClientRequest`
 */
export class ChatClientRequest {
  readonly context: Readonly<Record<string, unknown>>;

  /**
   * @param prompt - the messages and options of the model request
   * @param context - advisor parameters and data; copied
   * @throws ConfigurationError when `prompt` is not a `Prompt`
   */
  constructor(
    readonly prompt: Prompt,
    context: Readonly<Record<string, unknown>> = {},
  ) {
    if (!(prompt instanceof Prompt)) {
      throw new ConfigurationError({
        setting: 'ChatClientRequest prompt',
        value: prompt,
        allowed: 'a Prompt',
        message: `ChatClientRequest needs a Prompt, got ${describe(prompt)}. Build one with new Prompt(messages, options).`,
      });
    }
    this.context = frozenContext(context);
  }

  /**
   * The request's cancellation signal, set by `.prompt().abortSignal(signal)` and carried in the
   * context under {@link ABORT_SIGNAL_KEY} (so it survives advisors that rebuild the request);
   * `undefined` when the request cannot be aborted.
   */
  get signal(): AbortSignal | undefined {
    const signal = this.context[ABORT_SIGNAL_KEY];
    return signal instanceof AbortSignal ? signal : undefined;
  }

  /** A copy with another prompt and/or context (the context is copied again). */
  with(change: { prompt?: Prompt; context?: Readonly<Record<string, unknown>> }): ChatClientRequest {
    return new ChatClientRequest(change.prompt ?? this.prompt, change.context ?? this.context);
  }
}

function describe(value: unknown): string {
  return value === null ? 'null' : typeof value;
}
