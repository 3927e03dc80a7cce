/**
 * Shapes of the OpenAI Chat Completions wire format as the test kit sees them.
 *
 * They are deliberately loose: the server records whatever a client sent (it does not validate),
 * and tests script odd responses on purpose (an object as `arguments`, a missing tool-call `id`).
 */

/** One tool call inside an assistant message, as sent or received on the wire. */
export interface WireToolCall {
  readonly id?: string;
  readonly type?: string;
  readonly function: {
    readonly name?: string;
    /** JSON text, e.g. `{"orderId":"A123"}`; some servers send an object instead. */
    readonly arguments?: unknown;
  };
  readonly [key: string]: unknown;
}

/** One message of a request's `messages` array (or a choice's `message`). */
export interface WireMessage {
  /** `system`, `user`, `assistant` or `tool`. */
  readonly role: string;
  /** Usually a string or `null`; an array of content parts where the client sends one. */
  readonly content?: unknown;
  readonly tool_calls?: readonly WireToolCall[];
  readonly tool_call_id?: string;
  readonly [key: string]: unknown;
}

/** One entry of a request's `tools` array. */
export interface WireTool {
  readonly type: string;
  readonly function: {
    readonly name: string;
    readonly description?: string;
    /** A JSON Schema object, e.g. `{"type":"object","properties":{"orderId":{"type":"string"}}}`. */
    readonly parameters?: Readonly<Record<string, unknown>>;
    readonly [key: string]: unknown;
  };
}

/** The parsed body of a `POST /v1/chat/completions` request. */
export interface WireChatRequest {
  readonly model?: string;
  readonly messages: readonly WireMessage[];
  readonly tools?: readonly WireTool[];
  /** `'auto'`, `'none'`, `'required'` or `{type:'function', function:{name}}`. */
  readonly tool_choice?: unknown;
  readonly stream?: boolean;
  readonly [key: string]: unknown;
}

/** Token counts on the wire (units: tokens). */
export interface WireUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
  readonly [key: string]: unknown;
}

/** One choice of a chat completion. */
export interface WireChoice {
  readonly index: number;
  readonly message: WireMessage;
  /** `stop`, `tool_calls`, `length`, `content_filter` … */
  readonly finish_reason: string | null;
  readonly [key: string]: unknown;
}

/**
 * A `chat.completion` response body, e.g.
 * `{"id":"chatcmpl-1","object":"chat.completion","model":"m","choices":[…],"usage":{…}}`.
 */
export interface WireChatCompletion {
  readonly id?: string;
  readonly object?: string;
  readonly created?: number;
  readonly model?: string;
  readonly choices: readonly WireChoice[];
  readonly usage?: WireUsage;
  readonly [key: string]: unknown;
}
