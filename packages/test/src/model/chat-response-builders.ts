import { AssistantMessage, ChatResponse, type ToolCall, type Usage } from '@sprout-ai/core';

/** A tool call for {@link assistantToolCalls}. */
export interface ToolCallSpec {
  /** Defaults to `call_<n>` (unique within the process). */
  readonly id?: string;
  readonly name: string;
  /** JSON text, or a value serialised with `JSON.stringify`; defaults to `'{}'`. */
  readonly arguments?: string | Readonly<Record<string, unknown>>;
}

/** Extra metadata for the builders. */
export interface ChatResponseSpec {
  /** Overrides the finish reason (`stop` for text, `tool_calls` for calls). */
  readonly finishReason?: string;
  /** Token counts of the response (units: tokens). */
  readonly usage?: Usage;
  /** Defaults to `'scripted'`. */
  readonly model?: string;
}

let sequence = 0;

/**
 * A one-generation response whose assistant message is plain text.
 *
 * @param text - the answer
 * @param spec - optional finish reason, usage and model name
 * @returns a `ChatResponse` with finish reason `stop`
 */
export function assistantText(text: string, spec: ChatResponseSpec = {}): ChatResponse {
  return build(new AssistantMessage(text), spec.finishReason ?? 'stop', spec);
}

/**
 * A one-generation response that asks for tool calls.
 *
 * @param calls - the calls, in order; `arguments` objects are serialised to JSON text
 * @param spec - optional assistant text, finish reason, usage and model name
 * @returns a `ChatResponse` with finish reason `tool_calls`
 */
export function assistantToolCalls(
  calls: readonly ToolCallSpec[],
  spec: ChatResponseSpec & { readonly text?: string } = {},
): ChatResponse {
  const toolCalls: ToolCall[] = calls.map((call) => ({
    id: call.id ?? `call_${++sequence}`,
    type: 'function',
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
  }));
  return build(new AssistantMessage(spec.text ?? '', toolCalls), spec.finishReason ?? 'tool_calls', spec);
}

function build(output: AssistantMessage, finishReason: string, spec: ChatResponseSpec): ChatResponse {
  return new ChatResponse([{ output, metadata: { finishReason } }], {
    id: `scripted-${++sequence}`,
    model: spec.model ?? 'scripted',
    ...(spec.usage ? { usage: spec.usage } : {}),
  });
}
