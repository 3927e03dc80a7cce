import { AssistantMessage, ChatResponse, type Generation, type ToolCall, type Usage } from '@sprout-ai/core';
import type { Logger } from '@sprout-ai/core/internal';
import { stripHermesToolCalls, type HermesToolCallMode } from './stream/hermes-tool-call-markup';

/**
 * A `chat.completion` body as some OpenAI-compatible server may really send it: every field may be
 * missing or of an unexpected type, so parsing reads it as unknown data.
 */
interface LooseCompletion {
  readonly id?: unknown;
  readonly model?: unknown;
  readonly created?: unknown;
  readonly choices?: unknown;
  readonly usage?: unknown;
}

/**
 * Turns a completion into a `ChatResponse`: one generation per choice, with the text (never `null`),
 * the tool calls and the finish reason; response metadata carries id, model and usage.
 *
 * Tool calls are made usable whatever the server sent: object `arguments` become their JSON text,
 * missing arguments become `''`, a missing or empty `id` becomes a unique `call_…` id, and calls
 * without a function name are dropped with a warning.
 *
 * Hermes-style `<tool_call>…</tool_call>` markup left in the content is removed (and with
 * `hermesToolCalls: 'parse'` turned into calls); `finish_reason: tool_calls` without any call is
 * logged and the content is the answer.
 *
 * @param completion - the parsed body; must have a `choices` array
 * @param logger - receives the warnings
 * @param hermesToolCalls - what to do with `<tool_call>` markup in the content
 */
export function toChatResponse(
  completion: LooseCompletion,
  logger: Logger,
  hermesToolCalls: HermesToolCallMode = 'strip',
): ChatResponse {
  const choices = Array.isArray(completion.choices) ? (completion.choices as unknown[]) : [];
  if (choices.length === 0) logger.warn({ id: completion.id }, 'chat completion has no choices');
  const results = choices.map((choice) => toGeneration(asRecord(choice), logger, hermesToolCalls));
  const usage = toUsage(completion.usage);
  return new ChatResponse(results, {
    ...(typeof completion.id === 'string' ? { id: completion.id } : {}),
    ...(typeof completion.model === 'string' ? { model: completion.model } : {}),
    ...(typeof completion.created === 'number' ? { created: completion.created } : {}),
    ...(usage ? { usage } : {}),
  });
}

function toGeneration(choice: Record<string, unknown>, logger: Logger, hermes: HermesToolCallMode): Generation {
  const message = asRecord(choice.message);
  const refusal = typeof message.refusal === 'string' && message.refusal !== '' ? message.refusal : undefined;
  // A refusal is the answer: shown as the text when the model sent no other.
  const text = toText(message.content);
  const content = stripHermesToolCalls(text === '' && refusal !== undefined ? refusal : text, hermes, logger);
  const toolCalls = [...toToolCalls(message.tool_calls, logger), ...content.toolCalls];
  const metadata: Record<string, unknown> = {};
  if (refusal !== undefined) metadata.refusal = refusal;
  if (typeof choice.index === 'number') metadata.index = choice.index;
  const finishReason = typeof choice.finish_reason === 'string' ? choice.finish_reason : undefined;
  if (finishReason === 'tool_calls' && toolCalls.length === 0) {
    logger.warn(
      { index: choice.index },
      "finish_reason is 'tool_calls' but the message has no tool call; treating its text as the answer",
    );
  }
  return {
    output: new AssistantMessage(content.text, toolCalls, metadata),
    metadata: finishReason === undefined ? {} : { finishReason },
  };
}

/**
 * Parses `message.tool_calls` leniently.
 *
 * @param raw - the wire value (normally an array of `{id, type, function:{name, arguments}}`)
 * @param logger - warned about dropped calls
 */
export function toToolCalls(raw: unknown, logger: Logger): ToolCall[] {
  if (!Array.isArray(raw)) return [];
  const calls: ToolCall[] = [];
  for (const item of raw as unknown[]) {
    const call = asRecord(item);
    const fn = asRecord(call.function);
    if (typeof fn.name !== 'string' || fn.name.trim() === '') {
      logger.warn({ toolCall: item }, 'dropping a tool call without a function name');
      continue;
    }
    calls.push({
      // A missing id stays blank: the loop's preparation synthesizes one (one owner of a tool call).
      id: typeof call.id === 'string' ? call.id : '',
      type: 'function',
      name: fn.name,
      arguments: toArgumentsText(fn.arguments),
    });
  }
  return calls;
}

function toArgumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

/** Content as text: a string as is, `null`/missing as `''`, an array of parts as their joined `text`. */
function toText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return (content as unknown[])
      .map((part) => asRecord(part).text)
      .filter((text): text is string => typeof text === 'string')
      .join('');
  }
  return '';
}

/**
 * Token counts of a wire `usage` object, or `undefined` when there is none;
 * `prompt_tokens_details.cached_tokens` (part of `prompt_tokens`) becomes `cacheReadInputTokens`.
 */
export function toUsage(raw: unknown): Usage | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const usage = raw as Record<string, unknown>;
  const promptTokens = count(usage.prompt_tokens);
  const completionTokens = count(usage.completion_tokens);
  const total = count(usage.total_tokens);
  const cached = asRecord(usage.prompt_tokens_details).cached_tokens;
  return {
    promptTokens,
    completionTokens,
    totalTokens: total || promptTokens + completionTokens,
    ...(typeof cached === 'number' && Number.isFinite(cached) ? { cacheReadInputTokens: cached } : {}),
  };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
