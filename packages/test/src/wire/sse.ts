import type { WireChatCompletion, WireToolCall } from './wire-types';

/**
 * A streamed answer for {@link OpenAiWireServer}: server-sent-event text, written to the socket in
 * pieces so a test controls where the client's reads are cut (mid-event, mid-escape, mid-UTF-8
 * character …).
 *
 * @example `{ sse: sseEvents([chunk1, chunk2]), splitAt: [10, 11, 57] }`
 */
export interface WireSseStep {
  /** The response body, e.g. `data: {…}\n\ndata: [DONE]\n\n`. */
  readonly sse: string;
  /**
   * Byte offsets (into the UTF-8 body) where it is cut into separate writes, or a function of the
   * body's byte length returning them. Default: one write per event.
   */
  readonly splitAt?: readonly number[] | ((byteLength: number) => readonly number[]);
  /**
   * Pauses the stream mid-way, so a test can act (abort the request, look at state) while the
   * client holds an unfinished stream: the first `afterPieces` pieces (events, or the `splitAt`
   * cuts) are written, then nothing more until `until` settles — without `until`, until the client
   * closes the request or the server is closed. The rest is then written, if the client is still there.
   *
   * @example `{ sse: sseFromChatCompletion(chatCompletion({ content: 'Hello there' })), hold: { afterPieces: 2 } }`
   */
  readonly hold?: { readonly afterPieces: number; readonly until?: PromiseLike<unknown> };
}

/** Options of {@link sseFromChatCompletion}. */
export interface SseFromChatCompletionOptions {
  /** Characters of arguments text per delta (the first delta of a call carries none). @defaultValue 8 */
  readonly argumentsFragmentSize?: number;
  /** Characters of content per delta. @defaultValue 8 */
  readonly contentFragmentSize?: number;
  /** Send the completion's usage in a last chunk with no choices. @defaultValue true */
  readonly includeUsage?: boolean;
}

/**
 * The `data:` events of a stream: one per chunk, then `data: [DONE]`.
 *
 * @param chunks - `chat.completion.chunk` objects (or raw event text, sent as is)
 * @returns the SSE body
 */
export function sseEvents(chunks: readonly unknown[]): string {
  return [...chunks, '[DONE]']
    .map((chunk) => `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`)
    .join('');
}

/**
 * The body of an `.sse` transcript file: `#` comment lines (case notes) removed, line ends `\n`.
 *
 * @param text - the file's text
 * @returns the SSE body
 */
export function sseTranscript(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const body = lines.filter((line) => !line.startsWith('#')).join('\n');
  return `${body.replace(/^\n+/, '').replace(/\n*$/, '')}\n\n`;
}

/**
 * Streams a non-streaming completion as an OpenAI server would: a role chunk, the content in
 * fragments, a `message.refusal` in `delta.refusal` fragments, each tool call as a first delta (index, id, type, name, empty arguments) followed by
 * argument fragments, a finish chunk, a usage chunk, `[DONE]`. Odd fields are kept as they are
 * (a missing or empty `id`, `arguments` sent as an object), so a call-path case can be replayed as
 * a stream.
 *
 * @param completion - a `chat.completion` body
 * @param options - fragment sizes and usage
 * @returns the SSE body
 */
export function sseFromChatCompletion(
  completion: WireChatCompletion,
  options: SseFromChatCompletionOptions = {},
): string {
  const argsSize = Math.max(1, options.argumentsFragmentSize ?? 8);
  const contentSize = Math.max(1, options.contentFragmentSize ?? 8);
  const base = {
    id: completion.id,
    object: 'chat.completion.chunk',
    created: completion.created,
    model: completion.model,
  };
  const chunk = (index: number, delta: Record<string, unknown>, finishReason: string | null = null): unknown => ({
    ...base,
    choices: [{ index, delta, finish_reason: finishReason }],
  });
  const chunks: unknown[] = [];
  for (const choice of completion.choices) {
    const message = choice.message;
    chunks.push(chunk(choice.index, { role: 'assistant', content: '' }));
    const content = typeof message.content === 'string' ? message.content : '';
    for (const piece of fragments(content, contentSize)) chunks.push(chunk(choice.index, { content: piece }));
    const refusal = typeof message.refusal === 'string' ? message.refusal : '';
    for (const piece of fragments(refusal, contentSize)) chunks.push(chunk(choice.index, { refusal: piece }));
    (message.tool_calls ?? []).forEach((call: WireToolCall, index) => {
      const args = call.function.arguments;
      const first: Record<string, unknown> = {
        index,
        type: call.type ?? 'function',
        function: { name: call.function.name },
      };
      if (call.id !== undefined) first.id = call.id;
      if (typeof args !== 'string') {
        (first.function as Record<string, unknown>).arguments = args;
        chunks.push(chunk(choice.index, { tool_calls: [first] }));
        return;
      }
      (first.function as Record<string, unknown>).arguments = '';
      chunks.push(chunk(choice.index, { tool_calls: [first] }));
      for (const piece of fragments(args, argsSize)) {
        chunks.push(chunk(choice.index, { tool_calls: [{ index, function: { arguments: piece } }] }));
      }
    });
    chunks.push(chunk(choice.index, {}, choice.finish_reason));
  }
  if (options.includeUsage !== false && completion.usage)
    chunks.push({ ...base, choices: [], usage: completion.usage });
  return sseEvents(chunks);
}

/**
 * Where to cut a body so every write is `size` bytes (the last may be shorter).
 *
 * @param size - bytes per write, at least 1
 * @returns a `splitAt` function for {@link WireSseStep}
 */
export function splitEvery(size: number): (byteLength: number) => number[] {
  const step = Math.max(1, Math.floor(size));
  return (byteLength) => {
    const offsets: number[] = [];
    for (let at = step; at < byteLength; at += step) offsets.push(at);
    return offsets;
  };
}

/** The pieces of `body` to write, cut at `splitAt` (default: after each event). */
export function ssePieces(body: string, splitAt: WireSseStep['splitAt']): Buffer[] {
  const bytes = Buffer.from(body, 'utf8');
  let offsets: readonly number[];
  if (splitAt === undefined) {
    const afterEvents: number[] = [];
    for (let from = 0; ;) {
      const end = bytes.indexOf('\n\n', from);
      if (end < 0 || end + 2 >= bytes.length) break;
      afterEvents.push(end + 2);
      from = end + 2;
    }
    offsets = afterEvents;
  } else {
    offsets = typeof splitAt === 'function' ? splitAt(bytes.length) : splitAt;
  }
  const cuts = [...new Set(offsets.filter((o) => o > 0 && o < bytes.length))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    pieces.push(bytes.subarray(start, cut));
    start = cut;
  }
  return pieces;
}

function fragments(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}
