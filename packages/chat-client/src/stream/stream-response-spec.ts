import type { ChatResponse } from '@sprout-ai/core';
import { ChatClientMessageAggregator } from '../advisor/chat-client-message-aggregator';
import { reiterable } from '../advisor/tool-calling-stream-round';
import { answerText } from '../answer-text';
import type { ChatClientResponse } from '../chat-client-response';
import type { ChatClientStreamEvent, ChatClientStreamEventListener } from './chat-client-stream-event';

/**
 * The result side of `.stream()`: pick the form of the answer you need. Nothing is sent until
 * the returned iterable is iterated; each iteration sends the request (runs the whole advisor
 * chain, tools included) again, as a resubscription does in Spring.
 *
 * @example
 * ```ts
 * for await (const text of chatClient.prompt('Where is A123?').tools(new OrderTools()).stream().content()) {
 *   process.stdout.write(text);
 * }
 * ```
 * @see Spring AI `ChatClient.StreamResponseSpec`
 */
export class StreamResponseSpec {
  /**
   * @param execute - streams the request through the advisor chain, reporting events to the listener (internal)
   */
  constructor(
    private readonly execute: (listener?: ChatClientStreamEventListener) => AsyncIterable<ChatClientResponse>,
  ) {}

  /** The chunks with their context. */
  chatClientResponse(): AsyncIterable<ChatClientResponse> {
    return reiterable(() => this.execute());
  }

  /**
   * The model's chunks: text deltas, tool-call progress chunks (no text, `toolCallDeltas` metadata),
   * a final chunk with finish reason and the usage of all rounds. Chunks carrying tool calls are not
   * included (the tool-calling advisor consumes them).
   */
  chatResponse(): AsyncIterable<ChatResponse> {
    return reiterable(() => this.streamChatResponses());
  }

  /**
   * The answer text as it arrives (the first generation's text deltas; empty deltas skipped). A
   * returnDirect answer comes as one piece: the tools' results in call order, one per line.
   */
  content(): AsyncIterable<string> {
    return reiterable(() => this.streamContent());
  }

  /**
   * The turn as typed events — `text-delta`, `tool-call-start`, `tool-call-delta`, `tool-call`,
   * `tool-result`, and one `finish` at the end (see {@link ChatClientStreamEvent}).
   *
   * @remarks Beyond Spring AI.
   */
  events(): AsyncIterable<ChatClientStreamEvent> {
    return reiterable(() => this.streamEvents());
  }

  private async *streamChatResponses(): AsyncGenerator<ChatResponse> {
    for await (const response of this.execute()) {
      if (response.chatResponse !== undefined) yield response.chatResponse;
    }
  }

  private async *streamContent(): AsyncGenerator<string> {
    for await (const response of this.execute()) {
      const text = answerText(response.chatResponse);
      if (text) yield text;
    }
  }

  private async *streamEvents(): AsyncGenerator<ChatClientStreamEvent> {
    // Events arrive between chunks too (a tool call starts and ends while no chunk flows), so they
    // are passed on as they come, not only when the next chunk arrives.
    const pending: ChatClientStreamEvent[] = [];
    let wake: (() => void) | undefined;
    const iterator = this.execute((event) => {
      pending.push(event);
      wake?.();
    })[Symbol.asyncIterator]();
    const aggregator = new ChatClientMessageAggregator();
    let next: Promise<{ result: IteratorResult<ChatClientResponse> } | { error: unknown }> | undefined;
    let done = false;
    try {
      for (;;) {
        next ??= iterator.next().then(
          (result) => ({ result }),
          (error: unknown) => ({ error }),
        );
        const settled =
          pending.length > 0
            ? undefined
            : await Promise.race([next, new Promise<undefined>((r) => (wake = () => r(undefined)))]);
        wake = undefined;
        yield* pending.splice(0);
        if (settled === undefined) continue;
        next = undefined;
        if ('error' in settled) {
          done = true;
          throw settled.error;
        }
        if (settled.result.done === true) {
          done = true;
          break;
        }
        const response = settled.result.value;
        aggregator.add(response);
        const text = answerText(response.chatResponse);
        if (text) yield { type: 'text-delta', text };
      }
    } finally {
      // A consumer that stops early ends the turn; a chunk still awaited is not waited for.
      if (!done) {
        const closing = Promise.resolve(iterator.return?.()).catch(() => undefined);
        if (next === undefined) await closing;
      }
    }
    yield* pending.splice(0);
    const chatResponse = aggregator.result()?.chatResponse;
    const finishReason = [...(chatResponse?.results ?? [])].reverse().find((g) => g.metadata.finishReason)
      ?.metadata.finishReason;
    yield {
      type: 'finish',
      ...(finishReason !== undefined ? { finishReason } : {}),
      ...(chatResponse?.metadata.usage !== undefined ? { usage: chatResponse.metadata.usage } : {}),
      ...(chatResponse !== undefined ? { chatResponse } : {}),
    };
  }
}
