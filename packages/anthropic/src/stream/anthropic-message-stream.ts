import {
  AssistantMessage,
  ChatResponse,
  TOOL_CALL_DELTAS_METADATA_KEY,
  type ChatResponseMetadata,
  type ToolCall,
  type ToolCallDelta,
} from '@sprout-ai/core';
import { IncompleteStreamError, type Logger } from '@sprout-ai/core/internal';
import { cutOffProblem, isCutOff, toFinishReason } from '../anthropic-finish-reason';
import { generationMetadata, toArgumentsText, toUsage } from '../anthropic-response-mapper';

interface CallState {
  readonly position: number;
  readonly blockIndex: number;
  readonly id: string;
  readonly name: string;
  readonly parts: string[];
  /** The `input` of `content_block_start`: `{}` on Anthropic's wire, the whole input on some proxies. */
  readonly startInput: unknown;
}

const NO_DELTAS: readonly ToolCallDelta[] = Object.freeze([]);

/**
 * Maps the events of a streamed Messages API answer (`message_start`, `content_block_start` /
 * `_delta` / `_stop`, `message_delta`, `message_stop`, `ping`) to `ChatResponse` chunks, as
 * described on `StreamingChatModel`: text deltas as they arrive, tool-call progress as
 * `toolCallDeltas` metadata (`index` is the call's position among the answer's calls, not the
 * content block index), and one final chunk with the complete tool calls, the finish reason and
 * the usage.
 *
 * A call's arguments text is its `input_json_delta` fragments joined — the fragments may be cut
 * anywhere, inside a key, an escape or a character; a call with no fragments keeps the `input` its
 * `content_block_start` carried, serialized (`'{}'` for a tool without parameters, as `call` gives). A delta without an `index` belongs to the
 * block started last. When the stop reason is `max_tokens` while the last block is a `tool_use`,
 * that call gets an `argumentsProblem` and is not run.
 *
 * A stream that ends with no event, or without a `stop_reason` (cut off cleanly mid-answer), throws
 * {@link IncompleteStreamError} at its end instead of passing for a complete, possibly empty, answer.
 * An `event: error` mid-stream is thrown by the SDK client as its `APIError`.
 *
 * @param events - the parsed events (the `@anthropic-ai/sdk` client's stream)
 * @param logger - receives the warnings
 * @returns the chunks as ChatResponses
 */
export async function* toChatResponseStream(
  events: AsyncIterable<unknown>,
  logger: Logger,
): AsyncGenerator<ChatResponse> {
  let id: string | undefined;
  let model: string | undefined;
  let usage: Record<string, unknown> | undefined;
  let stopReason: string | undefined;
  let stopSequence: unknown;
  let received = 0;
  let lastBlock = -1;
  const calls: CallState[] = [];
  const callsByBlock = new Map<number, CallState>();
  const metadata = (): ChatResponseMetadata => ({
    ...(id !== undefined ? { id } : {}),
    ...(model !== undefined ? { model } : {}),
  });
  const chunk = (text: string, deltas: readonly ToolCallDelta[]): ChatResponse =>
    new ChatResponse(
      [
        {
          output: new AssistantMessage(text),
          metadata: deltas.length > 0 ? { [TOOL_CALL_DELTAS_METADATA_KEY]: deltas } : {},
        },
      ],
      metadata(),
    );

  for await (const raw of events) {
    received++;
    const event = asRecord(raw);
    switch (event.type) {
      case 'message_start': {
        const message = asRecord(event.message);
        if (id === undefined && typeof message.id === 'string') id = message.id;
        if (model === undefined && typeof message.model === 'string') model = message.model;
        if (isRecord(message.usage)) usage = { ...usage, ...withoutNulls(message.usage) };
        break;
      }
      case 'content_block_start': {
        const index = typeof event.index === 'number' ? event.index : lastBlock + 1;
        lastBlock = Math.max(lastBlock, index);
        const block = asRecord(event.content_block);
        if (block.type === 'text' && typeof block.text === 'string' && block.text !== '')
          yield chunk(block.text, NO_DELTAS);
        if (block.type !== 'tool_use') break;
        const call: CallState = {
          position: calls.length,
          blockIndex: index,
          id: typeof block.id === 'string' ? block.id : '',
          name: typeof block.name === 'string' ? block.name : '',
          parts: [],
          startInput: block.input,
        };
        calls.push(call);
        callsByBlock.set(index, call);
        yield chunk('', [{ index: call.position, id: call.id, name: call.name, argumentsDelta: '', first: true }]);
        break;
      }
      case 'content_block_delta': {
        const delta = asRecord(event.delta);
        if (delta.type === 'text_delta' && typeof delta.text === 'string' && delta.text !== '') {
          yield chunk(delta.text, NO_DELTAS);
        } else if (delta.type === 'input_json_delta' && typeof delta.partial_json === 'string') {
          const call = callsByBlock.get(typeof event.index === 'number' ? event.index : lastBlock);
          if (call === undefined) {
            logger.warn({ index: event.index }, 'dropping an input_json_delta that belongs to no tool_use block');
          } else if (delta.partial_json !== '') {
            call.parts.push(delta.partial_json);
            const progress = {
              index: call.position,
              id: call.id,
              name: call.name,
              argumentsDelta: delta.partial_json,
              first: false,
            };
            yield chunk('', [progress]);
          }
        }
        break;
      }
      case 'message_delta': {
        const delta = asRecord(event.delta);
        if (typeof delta.stop_reason === 'string') stopReason = delta.stop_reason;
        if (delta.stop_sequence !== undefined) stopSequence = delta.stop_sequence;
        if (isRecord(event.usage)) usage = { ...usage, ...withoutNulls(event.usage) };
        break;
      }
      default:
      // content_block_stop, message_stop, ping and unknown events carry nothing to map.
    }
  }

  if (received === 0) throw new IncompleteStreamError('the stream carried no event at all');
  if (stopReason === undefined) {
    throw new IncompleteStreamError(
      `the stream ended after ${received} event${received === 1 ? '' : 's'} without a stop_reason, so the answer may be cut off`,
    );
  }
  const toolCalls: ToolCall[] = [];
  for (const call of calls) {
    if (call.name.trim() === '') {
      logger.warn({ id: call.id }, 'dropping a streamed tool_use block without a name');
      continue;
    }
    const cutOff = isCutOff(stopReason) && call.blockIndex === lastBlock;
    toolCalls.push({
      id: call.id,
      type: 'function',
      name: call.name,
      arguments: call.parts.length > 0 ? call.parts.join('') : toArgumentsText(call.startInput),
      ...(cutOff ? { argumentsProblem: cutOffProblem(stopReason) } : {}),
    });
  }
  if (stopReason === 'tool_use' && toolCalls.length === 0) {
    logger.warn(
      { id },
      "stop_reason is 'tool_use' but the stream carried no tool_use block; treating it as the answer",
    );
  }
  const totals = toUsage(usage);
  yield new ChatResponse(
    [
      {
        output: new AssistantMessage('', toolCalls),
        metadata: generationMetadata(toFinishReason(stopReason), stopReason, stopSequence),
      },
    ],
    { ...metadata(), ...(totals ? { usage: totals } : {}) },
  );
}

function withoutNulls(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null && value !== undefined));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}
