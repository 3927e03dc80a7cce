import type { WireChatCompletion, WireToolCall } from './wire-types';

/** A tool call for {@link chatCompletion}. */
export interface ChatCompletionToolCallSpec {
  /** Tool-call id; defaults to `call_<n>` (unique within the process). */
  readonly id?: string;
  readonly name: string;
  /** JSON text, or a value that is serialised with `JSON.stringify`; defaults to `'{}'`. */
  readonly arguments?: string | Readonly<Record<string, unknown>>;
}

/** What {@link chatCompletion} builds. */
export interface ChatCompletionSpec {
  /** Assistant text; `null` on the wire when omitted (OpenAI's shape for a tool-call-only reply). */
  readonly content?: string;
  readonly toolCalls?: readonly ChatCompletionToolCallSpec[];
  /** Defaults to `tool_calls` when calls are present, `stop` otherwise. */
  readonly finishReason?: string;
  /** Token counts (units: tokens); `totalTokens` defaults to the sum. Defaults to all zero. */
  readonly usage?: { readonly promptTokens: number; readonly completionTokens: number; readonly totalTokens?: number };
  /** Response id; defaults to `chatcmpl-<n>`. */
  readonly id?: string;
  /** Defaults to `'gpt-4o-mini'`. */
  readonly model?: string;
}

let sequence = 0;

/**
 * Builds a valid non-streaming `chat.completion` response body with one choice, for an
 * {@link OpenAiWireServer} script.
 *
 * @example
 * ```ts
 * chatCompletion({ toolCalls: [{ id: 'call_1', name: 'getOrderStatus', arguments: { orderId: 'A123' } }] });
 * chatCompletion({ content: 'Your order has shipped.', usage: { promptTokens: 12, completionTokens: 6 } });
 * ```
 * @param spec - the content, tool calls, finish reason and usage of the single choice
 * @returns the response object, ready to be served as JSON
 */
export function chatCompletion(spec: ChatCompletionSpec = {}): WireChatCompletion {
  const n = ++sequence;
  const toolCalls: WireToolCall[] = (spec.toolCalls ?? []).map((call, i) => ({
    id: call.id ?? `call_${n}_${i + 1}`,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
    },
  }));
  const usage = spec.usage ?? { promptTokens: 0, completionTokens: 0 };
  return {
    id: spec.id ?? `chatcmpl-${n}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: spec.model ?? 'gpt-4o-mini',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: spec.content ?? null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          refusal: null,
        },
        finish_reason: spec.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
        logprobs: null,
      },
    ],
    usage: {
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      total_tokens: usage.totalTokens ?? usage.promptTokens + usage.completionTokens,
    },
  };
}
