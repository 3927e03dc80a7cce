import type { ChatModel, StreamingChatModel } from '@sprout-ai/core';

/**
 * A provider's wire seen the same way for every provider, so one set of loop tests runs against
 * each: what the model was sent, and what it answers.
 */

/** A tool call of a neutral reply or request; `arguments` is the parsed object. */
export interface NeutralToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/** One message of a request, whatever the wire's shape (Anthropic's tool results become `tool` entries). */
export type NeutralMessage =
  | { readonly role: 'user'; readonly text: string }
  | { readonly role: 'assistant'; readonly text: string; readonly toolCalls: readonly NeutralToolCall[] }
  | {
      readonly role: 'tool';
      readonly id: string;
      readonly content: string;
      /** `true` when the wire flagged the result as an error; `undefined` when it cannot say (OpenAI). */
      readonly isError?: boolean;
    };

/** A request as the model received it. */
export interface NeutralRequest {
  /** The system prompt (`''` when none). */
  readonly system: string;
  readonly messages: readonly NeutralMessage[];
  /** Names of the tools offered. */
  readonly tools: readonly string[];
  /** Each offered tool's input schema as sent. */
  readonly toolSchemas: Readonly<Record<string, unknown>>;
  /** Names of the tools sent in the wire's strict mode (OpenAI's `strict: true`; none on Anthropic's). */
  readonly strictTools: readonly string[];
  /** `auto`, `required`, `none`, a tool name, or `undefined` when the request set none. */
  readonly toolChoice?: string;
}

/** What the model answers. */
export interface NeutralReply {
  readonly text?: string;
  readonly toolCalls?: readonly {
    readonly id: string;
    readonly name: string;
    readonly arguments?: Record<string, unknown>;
  }[];
  /** Token counts (units: tokens). */
  readonly usage?: { readonly prompt: number; readonly completion: number };
  /** Answer this HTTP error status instead, with the provider's error body (a rate limit, an outage). */
  readonly failWith?: 429 | 503;
}

/** One provider's wire server, running. */
export interface WireSession {
  /** The provider's real model, pointed at the server. */
  readonly model: ChatModel & StreamingChatModel;
  /** The requests so far, neutral. */
  requests(): NeutralRequest[];
  /** The raw request bodies so far (to check that nothing leaked into any byte). */
  rawBodies(): string[];
  /** Properties that make `SproutApplication` bind this provider's model against the server. */
  readonly properties: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

/** A provider under contract. */
export interface WireProvider {
  readonly name: string;
  /** `gen_ai.provider.name` of the model's spans. */
  readonly providerName: string;
  /** Whether the wire has a strict mode for tool schemas (OpenAI's `strict`). */
  readonly strictMode: boolean;
  /** Whether the wire carries a failed tool result's error flag (Anthropic's `is_error`). */
  readonly flagsToolErrors: boolean;
  /** The model class the container binds for this provider. */
  readonly modelClass: abstract new (...args: never[]) => ChatModel;
  /** Starts the provider's wire server answering every request with `reply`. */
  start(reply: (request: NeutralRequest, index: number) => NeutralReply): Promise<WireSession>;
}
