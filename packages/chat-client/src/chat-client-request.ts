import { Prompt } from '@sprout-ai/core';
import { ChatClientConfigurationError } from './chat-client-configuration-error';
import { frozenContext } from './frozen-context';

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
   * @throws ChatClientConfigurationError when `prompt` is not a `Prompt`
   */
  constructor(
    readonly prompt: Prompt,
    context: Readonly<Record<string, unknown>> = {},
  ) {
    if (!(prompt instanceof Prompt)) {
      throw new ChatClientConfigurationError({
        setting: 'ChatClientRequest prompt',
        value: prompt,
        message: `ChatClientRequest needs a Prompt, got ${describe(prompt)}. Build one with new Prompt(messages, options).`,
      });
    }
    this.context = frozenContext(context);
  }

  /** A copy with another prompt and/or context (the context is copied again). */
  with(change: { prompt?: Prompt; context?: Readonly<Record<string, unknown>> }): ChatClientRequest {
    return new ChatClientRequest(change.prompt ?? this.prompt, change.context ?? this.context);
  }
}

function describe(value: unknown): string {
  return value === null ? 'null' : typeof value;
}
