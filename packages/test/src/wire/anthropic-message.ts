import type { AnthropicWireContentBlock, AnthropicWireResponse } from './anthropic-wire-types';

/** A `tool_use` block for {@link anthropicMessage}. */
export interface AnthropicToolUseSpec {
  /** The call id; defaults to `toolu_<n>_<i>` (unique within the process). */
  readonly id?: string;
  readonly name: string;
  /**
   * The arguments object; defaults to `{}`. A string is kept as is: streamed as the raw
   * `partial_json` text (to script arguments cut off or malformed), sent as is in JSON.
   */
  readonly input?: Readonly<Record<string, unknown>> | string;
}

/** What {@link anthropicMessage} builds. */
export interface AnthropicMessageSpec {
  /** Text, sent as one `text` block before the tool uses. */
  readonly text?: string;
  readonly toolUses?: readonly AnthropicToolUseSpec[];
  /** Defaults to `tool_use` when tool uses are present, `end_turn` otherwise. */
  readonly stopReason?: string;
  /**
   * Token counts (units: tokens); defaults to all zero. `inputTokens` excludes the cache counts,
   * as on Anthropic's wire.
   */
  readonly usage?: {
    readonly inputTokens: number;
    readonly outputTokens: number;
    readonly cacheReadInputTokens?: number;
    readonly cacheCreationInputTokens?: number;
  };
  /** Message id; defaults to `msg_<n>`. */
  readonly id?: string;
  /** Defaults to `'claude-haiku-4-5'`. */
  readonly model?: string;
}

let sequence = 0;

/**
 * Builds a valid Messages API `message` response body, for an `AnthropicWireServer` script.
 *
 * @example
 * ```ts
 * anthropicMessage({ toolUses: [{ id: 'toolu_1', name: 'getOrderStatus', input: { orderId: 'A123' } }] });
 * anthropicMessage({ text: 'Your order has shipped.', usage: { inputTokens: 12, outputTokens: 6 } });
 * ```
 * @param spec - text, tool uses, stop reason and usage
 * @returns the response object, ready to be served as JSON (or streamed, see `sseFromAnthropicMessage`)
 */
export function anthropicMessage(spec: AnthropicMessageSpec = {}): AnthropicWireResponse {
  const n = ++sequence;
  const toolUses: AnthropicWireContentBlock[] = (spec.toolUses ?? []).map((use, i) => ({
    type: 'tool_use',
    id: use.id ?? `toolu_${n}_${i + 1}`,
    name: use.name,
    input: use.input ?? {},
  }));
  const usage = spec.usage ?? { inputTokens: 0, outputTokens: 0 };
  return {
    id: spec.id ?? `msg_${n}`,
    type: 'message',
    role: 'assistant',
    model: spec.model ?? 'claude-haiku-4-5',
    content: [...(spec.text === undefined ? [] : [{ type: 'text', text: spec.text }]), ...toolUses],
    stop_reason: spec.stopReason ?? (toolUses.length > 0 ? 'tool_use' : 'end_turn'),
    stop_sequence: null,
    usage: {
      input_tokens: usage.inputTokens,
      output_tokens: usage.outputTokens,
      cache_creation_input_tokens: usage.cacheCreationInputTokens ?? 0,
      cache_read_input_tokens: usage.cacheReadInputTokens ?? 0,
    },
  };
}
