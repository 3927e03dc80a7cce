import type { AnthropicWireResponse } from './anthropic-wire-types';

/** Options of {@link sseFromAnthropicMessage}. */
export interface SseFromAnthropicMessageOptions {
  /** Characters of a `tool_use` block's input JSON per `input_json_delta`. @defaultValue 8 */
  readonly inputJsonFragmentSize?: number;
  /** Characters of a `text` block per `text_delta`. @defaultValue 8 */
  readonly textFragmentSize?: number;
}

/**
 * The server-sent events of an Anthropic stream: one `event: <type>` / `data: <json>` pair per
 * event, named after the event's `type` (the `@anthropic-ai/sdk` client skips events without a name).
 *
 * @param events - stream events such as `{ type: 'message_stop' }` (or raw `data` text, sent under `event: message`)
 * @returns the SSE body
 */
export function anthropicSseEvents(events: readonly unknown[]): string {
  return events
    .map((event) => {
      if (typeof event === 'string') return `event: message\ndata: ${event}\n\n`;
      const type = (event as { type?: unknown }).type;
      return `event: ${typeof type === 'string' ? type : 'message'}\ndata: ${JSON.stringify(event)}\n\n`;
    })
    .join('');
}

/**
 * Streams a `message` as Anthropic's Messages API does: `message_start` (no content yet, the input
 * usage), a `ping`, then per content block `content_block_start`, its deltas (`text_delta`, or for
 * a `tool_use` an empty `input_json_delta` followed by the input's JSON text in fragments) and
 * `content_block_stop`, then `message_delta` with the stop reason and output tokens, and
 * `message_stop`. A `tool_use` whose `input` is a string streams that text as is.
 *
 * @param message - a `message` body (e.g. from `anthropicMessage`)
 * @param options - fragment sizes
 * @returns the SSE body
 */
export function sseFromAnthropicMessage(
  message: AnthropicWireResponse,
  options: SseFromAnthropicMessageOptions = {},
): string {
  const jsonSize = Math.max(1, options.inputJsonFragmentSize ?? 8);
  const textSize = Math.max(1, options.textFragmentSize ?? 8);
  const { content, usage, ...rest } = message;
  const events: unknown[] = [
    {
      type: 'message_start',
      message: {
        ...rest,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        ...(usage ? { usage: { ...usage, output_tokens: Math.min(1, usage.output_tokens) } } : {}),
      },
    },
    { type: 'ping' },
  ];
  content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      for (const text of fragments(block.text ?? '', textSize)) {
        events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
      }
    } else if (block.type === 'tool_use') {
      events.push({ type: 'content_block_start', index, content_block: { ...block, input: {} } });
      const json = typeof block.input === 'string' ? block.input : JSON.stringify(block.input ?? {});
      for (const partial_json of ['', ...fragments(json, jsonSize)]) {
        events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
      }
    } else {
      events.push({ type: 'content_block_start', index, content_block: block });
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push(
    {
      type: 'message_delta',
      delta: { stop_reason: message.stop_reason, stop_sequence: message.stop_sequence ?? null },
      usage: { output_tokens: usage?.output_tokens ?? 0 },
    },
    { type: 'message_stop' },
  );
  return anthropicSseEvents(events);
}

function fragments(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}
