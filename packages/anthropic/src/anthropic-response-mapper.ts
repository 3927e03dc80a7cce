import { AssistantMessage, ChatResponse, type ToolCall, type Usage } from '@sprout-ai/core';
import type { Logger } from '@sprout-ai/core/internal';
import { cutOffProblem, isCutOff, toFinishReason } from './anthropic-finish-reason';

/**
 * A `message` body as some Anthropic-compatible server may really send it: every field may be
 * missing or of an unexpected type, so parsing reads it as unknown data.
 */
interface LooseMessage {
  readonly id?: unknown;
  readonly model?: unknown;
  readonly content?: unknown;
  readonly stop_reason?: unknown;
  readonly stop_sequence?: unknown;
  readonly usage?: unknown;
}

/**
 * Turns a `message` into a `ChatResponse` of one generation: the `text` blocks joined as the text,
 * each `tool_use` block as a tool call (its `input` object serialized to the arguments text Sprout's
 * `ToolCall` carries), the mapped finish reason (`stopReason` keeps Anthropic's); response metadata
 * carries id, model and usage.
 *
 * When the answer was cut off (`max_tokens`) while its last block was a `tool_use`, that call gets
 * an `argumentsProblem` and is not run: its input may be incomplete. `tool_use` blocks without a
 * name are dropped with a warning; other block kinds (thinking, server tools) are left out.
 *
 * @param message - the parsed body; must have a `content` array
 * @param logger - receives the warnings
 */
export function toChatResponse(message: LooseMessage, logger: Logger): ChatResponse {
  const blocks = Array.isArray(message.content) ? (message.content as unknown[]).map(asRecord) : [];
  const stopReason = typeof message.stop_reason === 'string' ? message.stop_reason : undefined;
  let text = '';
  const toolCalls: ToolCall[] = [];
  blocks.forEach((block, index) => {
    if (block.type === 'text' && typeof block.text === 'string') text += block.text;
    if (block.type !== 'tool_use') return;
    if (typeof block.name !== 'string' || block.name.trim() === '') {
      logger.warn({ block }, 'dropping a tool_use block without a name');
      return;
    }
    const cutOff = isCutOff(stopReason) && index === blocks.length - 1;
    toolCalls.push({
      // A missing id stays blank: the loop's preparation synthesizes one (one owner of a tool call).
      id: typeof block.id === 'string' ? block.id : '',
      type: 'function',
      name: block.name,
      arguments: toArgumentsText(block.input),
      ...(cutOff ? { argumentsProblem: cutOffProblem(stopReason as string) } : {}),
    });
  });
  if (stopReason === 'tool_use' && toolCalls.length === 0) {
    logger.warn(
      { id: message.id },
      "stop_reason is 'tool_use' but the message has no tool_use block; treating its text as the answer",
    );
  }
  const finishReason = toFinishReason(stopReason);
  const usage = toUsage(message.usage);
  return new ChatResponse(
    [
      {
        output: new AssistantMessage(text, toolCalls),
        metadata: generationMetadata(finishReason, stopReason, message.stop_sequence),
      },
    ],
    {
      ...(typeof message.id === 'string' ? { id: message.id } : {}),
      ...(typeof message.model === 'string' ? { model: message.model } : {}),
      ...(usage ? { usage } : {}),
    },
  );
}

/** The generation metadata: the mapped finish reason, Anthropic's stop reason and stop sequence. */
export function generationMetadata(
  finishReason: string | undefined,
  stopReason: string | undefined,
  stopSequence: unknown,
): Record<string, unknown> {
  return {
    ...(finishReason !== undefined ? { finishReason } : {}),
    ...(stopReason !== undefined ? { stopReason } : {}),
    ...(typeof stopSequence === 'string' ? { stopSequence } : {}),
  };
}

/** A `tool_use` input as arguments text: an object serialized, a string kept (a lenient proxy), nothing `''`. */
export function toArgumentsText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (input === undefined || input === null) return '';
  return JSON.stringify(input);
}

/**
 * Token counts of a wire `usage` object, or `undefined` when there is none. Anthropic's
 * `input_tokens` excludes the cache, so `promptTokens` is `input_tokens + cache_read_input_tokens +
 * cache_creation_input_tokens` (every input token billed, as OpenAI's `prompt_tokens` is); the two
 * cache counts are also reported on their own when the server sent them.
 *
 * @param raw - the wire `usage`
 */
export function toUsage(raw: unknown): Usage | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const usage = raw as Record<string, unknown>;
  const read = optionalCount(usage.cache_read_input_tokens);
  const write = optionalCount(usage.cache_creation_input_tokens);
  const promptTokens = count(usage.input_tokens) + (read ?? 0) + (write ?? 0);
  const completionTokens = count(usage.output_tokens);
  return {
    promptTokens,
    completionTokens,
    totalTokens: promptTokens + completionTokens,
    ...(read !== undefined ? { cacheReadInputTokens: read } : {}),
    ...(write !== undefined ? { cacheWriteInputTokens: write } : {}),
  };
}

function count(value: unknown): number {
  return optionalCount(value) ?? 0;
}

function optionalCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
