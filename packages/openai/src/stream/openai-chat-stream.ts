import {
  AssistantMessage,
  ChatResponse,
  TOOL_CALL_DELTAS_METADATA_KEY,
  type ChatResponseMetadata,
  type Generation,
} from '@sprout-ai/core';
import { IncompleteStreamError, type Logger } from '@sprout-ai/core/internal';
import { toUsage } from '../openai-response-mapper';
import { ChatCompletionChunkAggregator, type ChoiceUpdate } from './chat-completion-chunk-aggregator';
import { HermesToolCallFilter, type HermesToolCallMode } from './hermes-tool-call-markup';

/** Options of {@link toChatResponseStream}. */
export interface ChatResponseStreamOptions {
  readonly logger: Logger;
  /** @defaultValue `'strip'` */
  readonly hermesToolCalls?: HermesToolCallMode;
}

/**
 * Maps the `chat.completion.chunk`s of a streamed Chat Completions response to `ChatResponse`
 * chunks, as described on `StreamingChatModel`: text deltas as they arrive (Hermes `<tool_call>`
 * markup removed), tool-call progress as `toolCallDeltas` metadata, and one final chunk with the
 * complete tool calls, the finish reasons and the usage.
 *
 * The tool calls that count are those actually present: `finish_reason: tool_calls` without calls
 * is logged and ends as a text answer; calls with `finish_reason: stop` are kept; calls cut off by
 * `finish_reason: length` are kept (their arguments then fail to parse and the model is told).
 *
 * A stream that ends with no chunk at all, or without any choice's `finish_reason` (cut off
 * cleanly mid-answer), throws {@link IncompleteStreamError} at its end instead of passing for a
 * complete, possibly empty, answer.
 *
 * @param chunks - the parsed chunks (the `openai` client's stream)
 * @param options - logger and Hermes markup mode
 * @returns the chunks as ChatResponses
 */
export async function* toChatResponseStream(
  chunks: AsyncIterable<unknown>,
  options: ChatResponseStreamOptions,
): AsyncGenerator<ChatResponse> {
  const { logger } = options;
  const mode = options.hermesToolCalls ?? 'strip';
  const aggregator = new ChatCompletionChunkAggregator();
  const filters = new Map<number, HermesToolCallFilter>();
  const filterFor = (choiceIndex: number): HermesToolCallFilter => {
    let filter = filters.get(choiceIndex);
    if (filter === undefined) {
      filter = new HermesToolCallFilter(mode, logger);
      filters.set(choiceIndex, filter);
    }
    return filter;
  };
  const metadata = (): ChatResponseMetadata => ({
    ...(aggregator.id !== undefined ? { id: aggregator.id } : {}),
    ...(aggregator.model !== undefined ? { model: aggregator.model } : {}),
  });

  let received = 0;
  for await (const chunk of chunks) {
    received++;
    const updates = aggregator.push(chunk);
    if (updates.length === 0) continue;
    const results: Generation[] = [];
    for (const update of updates) {
      const generation = toDeltaGeneration(update, filterFor(update.choiceIndex).push(update.text));
      if (generation) results.push(generation);
    }
    if (results.length > 0) yield new ChatResponse(results, metadata());
  }

  const choices = aggregator.finish();
  if (received === 0) throw new IncompleteStreamError('the stream carried no chunk at all');
  if (!choices.some((choice) => choice.finishReason !== undefined)) {
    throw new IncompleteStreamError(
      `the stream ended after ${received} chunk${received === 1 ? '' : 's'} without a finish_reason, so the answer may be cut off`,
    );
  }
  const finals: Generation[] = [];
  for (const choice of choices) {
    const filter = filterFor(choice.choiceIndex);
    const rest = filter.flush();
    if (rest !== '') yield new ChatResponse([textGeneration(choice.choiceIndex, rest)], metadata());
    const toolCalls = [...choice.toolCalls, ...filter.toolCalls];
    if (choice.droppedCalls > 0) {
      logger.warn({ dropped: choice.droppedCalls }, 'dropping streamed tool calls that never got a function name');
    }
    if (choice.unmatchedArguments) {
      logger.warn(
        { id: aggregator.id, toolCalls: toolCalls.map((c) => c.name) },
        'the stream sent tool-call argument fragments that match no call: none of its calls will run',
      );
    }
    if (choice.finishReason === 'tool_calls' && toolCalls.length === 0) {
      logger.warn(
        { id: aggregator.id },
        "finish_reason is 'tool_calls' but the stream carried no tool call; treating it as the answer",
      );
    }
    if (choice.finishReason === 'length' && toolCalls.length > 0) {
      logger.warn(
        { id: aggregator.id, toolCalls: toolCalls.map((c) => c.name) },
        "the stream ended with finish_reason 'length' while tool calls were open: their arguments may be truncated",
      );
    }
    finals.push({
      output: new AssistantMessage('', toolCalls, {
        index: choice.choiceIndex,
        ...(choice.refusal !== undefined ? { refusal: choice.refusal } : {}),
      }),
      metadata: choice.finishReason !== undefined ? { finishReason: choice.finishReason } : {},
    });
  }
  const usage = toUsage(aggregator.usage);
  yield new ChatResponse(finals, {
    ...metadata(),
    ...(aggregator.created !== undefined ? { created: aggregator.created } : {}),
    ...(usage ? { usage } : {}),
  });
}

function toDeltaGeneration(update: ChoiceUpdate, text: string): Generation | undefined {
  if (text === '' && update.toolCallDeltas.length === 0) return undefined;
  return {
    output: new AssistantMessage(text, [], { index: update.choiceIndex }),
    metadata: update.toolCallDeltas.length > 0 ? { [TOOL_CALL_DELTAS_METADATA_KEY]: update.toolCallDeltas } : {},
  };
}

function textGeneration(choiceIndex: number, text: string): Generation {
  return { output: new AssistantMessage(text, [], { index: choiceIndex }), metadata: {} };
}
