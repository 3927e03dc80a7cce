/**
 * Shapes of Anthropic's Messages API wire format as the test kit sees them. Loose on purpose, as
 * `wire-types.ts` is for OpenAI: the server records whatever a client sent, and tests script odd
 * answers (a `tool_use` without `input`, a stream cut off mid-block).
 */

/**
 * One content block of a message, sent or received: `text`, `tool_use`, `tool_result` …
 *
 * @example `{ type: 'tool_use', id: 'toolu_01', name: 'getOrderStatus', input: { orderId: 'A123' } }`
 */
export interface AnthropicWireContentBlock {
  readonly type: string;
  /** `text` blocks. */
  readonly text?: string;
  /** `tool_use` blocks: the call id, e.g. `toolu_01A09q90qw90lq917835lq9`. */
  readonly id?: string;
  /** `tool_use` blocks: the tool's name. */
  readonly name?: string;
  /** `tool_use` blocks: the arguments, a JSON object (not text, unlike OpenAI's). */
  readonly input?: unknown;
  /** `tool_result` blocks: the `tool_use` id answered. */
  readonly tool_use_id?: string;
  /** `tool_result` blocks: the result, text or blocks. */
  readonly content?: unknown;
  /** `tool_result` blocks: the result is an error. */
  readonly is_error?: boolean;
  readonly [key: string]: unknown;
}

/** One message of a request's `messages` array: `user` or `assistant`, text or blocks. */
export interface AnthropicWireMessage {
  readonly role: string;
  readonly content: string | readonly AnthropicWireContentBlock[];
  readonly [key: string]: unknown;
}

/** One entry of a request's `tools` array. */
export interface AnthropicWireTool {
  readonly name: string;
  readonly description?: string;
  /** A JSON Schema object, e.g. `{"type":"object","properties":{"orderId":{"type":"string"}}}`. */
  readonly input_schema: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
}

/** The parsed body of a `POST /v1/messages` request. */
export interface AnthropicWireRequest {
  readonly model?: string;
  /** Required by the API. */
  readonly max_tokens?: number;
  /** The system prompt: text, or text blocks. */
  readonly system?: string | readonly AnthropicWireContentBlock[];
  readonly messages: readonly AnthropicWireMessage[];
  readonly tools?: readonly AnthropicWireTool[];
  /** `{type:'auto'|'any'|'none'}` or `{type:'tool', name}`, optionally with `disable_parallel_tool_use`. */
  readonly tool_choice?: { readonly type: string; readonly name?: string; readonly [key: string]: unknown };
  readonly stream?: boolean;
  readonly [key: string]: unknown;
}

/** Token counts of a message (units: tokens); `input_tokens` excludes the cache counts. */
export interface AnthropicWireUsage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_creation_input_tokens?: number | null;
  readonly cache_read_input_tokens?: number | null;
  readonly [key: string]: unknown;
}

/**
 * A `message` response body, e.g.
 * `{"id":"msg_01","type":"message","role":"assistant","model":"m","content":[…],"stop_reason":"tool_use","usage":{…}}`.
 */
export interface AnthropicWireResponse {
  readonly id?: string;
  readonly type?: string;
  readonly role?: string;
  readonly model?: string;
  readonly content: readonly AnthropicWireContentBlock[];
  /** `end_turn`, `tool_use`, `max_tokens`, `stop_sequence`, `pause_turn`, `refusal` … */
  readonly stop_reason: string | null;
  readonly stop_sequence?: string | null;
  readonly usage?: AnthropicWireUsage;
  readonly [key: string]: unknown;
}
