import type { ChatResponse } from '@sprout-ai/core';
import { ChatClientMessageAggregator } from '../advisor/chat-client-message-aggregator';
import { reiterable } from '../advisor/tool-calling-stream-round';
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

  /** The answer text as it arrives (the first generation's text deltas; empty deltas skipped). */
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
      const text = response.chatResponse?.result?.output.text;
      if (text) yield text;
    }
  }

  private async *streamEvents(): AsyncGenerator<ChatClientStreamEvent> {
    const queue: ChatClientStreamEvent[] = [];
    const aggregator = new ChatClientMessageAggregator();
    for await (const response of this.execute((event) => queue.push(event))) {
      yield* queue.splice(0);
      aggregator.add(response);
      const text = response.chatResponse?.result?.output.text;
      if (text) yield { type: 'text-delta', text };
    }
    yield* queue.splice(0);
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
