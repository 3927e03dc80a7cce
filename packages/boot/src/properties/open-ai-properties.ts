import type { ToolChoice } from '@sprout-ai/core';
import {
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_OPENAI_EMBEDDING_MODEL,
  DEFAULT_OPENAI_IDLE_TIMEOUT_MS,
  DEFAULT_OPENAI_MODEL,
  type OpenAiResponseFormat,
} from '@sprout-ai/openai';
import { TOOL_CALL_ID_PATTERN_FORMS, ToolCallIdRule } from '@sprout-ai/openai/internal';
import type { PropertyReader } from './property-reader';

/** Keys of the `spring.ai.openai.*` group, as written in `application.properties`. */
export const OPENAI_PROPERTY_KEYS = {
  baseUrl: 'spring.ai.openai.base-url',
  apiKey: 'spring.ai.openai.api-key',
  chatBaseUrl: 'spring.ai.openai.chat.base-url',
  chatApiKey: 'spring.ai.openai.chat.api-key',
  organizationId: 'spring.ai.openai.organization-id',
  projectId: 'spring.ai.openai.project-id',
  chatOrganizationId: 'spring.ai.openai.chat.organization-id',
  chatProjectId: 'spring.ai.openai.chat.project-id',
  /** Sprout's: longest silence while an answer arrives (Spring has no such key). */
  idleTimeout: 'spring.ai.openai.chat.idle-timeout',
  model: 'spring.ai.openai.chat.options.model',
  temperature: 'spring.ai.openai.chat.options.temperature',
  maxTokens: 'spring.ai.openai.chat.options.max-tokens',
  strict: 'spring.ai.openai.chat.options.strict',
  maxCompletionTokens: 'spring.ai.openai.chat.options.max-completion-tokens',
  topP: 'spring.ai.openai.chat.options.top-p',
  frequencyPenalty: 'spring.ai.openai.chat.options.frequency-penalty',
  presencePenalty: 'spring.ai.openai.chat.options.presence-penalty',
  stop: 'spring.ai.openai.chat.options.stop',
  seed: 'spring.ai.openai.chat.options.seed',
  user: 'spring.ai.openai.chat.options.user',
  parallelToolCalls: 'spring.ai.openai.chat.options.parallel-tool-calls',
  toolChoice: 'spring.ai.openai.chat.options.tool-choice',
  responseFormatType: 'spring.ai.openai.chat.options.response-format.type',
  responseFormatName: 'spring.ai.openai.chat.options.response-format.name',
  responseFormatSchema: 'spring.ai.openai.chat.options.response-format.schema',
  responseFormatStrict: 'spring.ai.openai.chat.options.response-format.strict',
  /** Map-style: `http-headers.<Header>=value`, the header name kept as written. */
  httpHeaders: 'spring.ai.openai.chat.options.http-headers',
  /** Sprout's: the server's rule for tool-call ids (Spring has no such key). */
  toolCallIdPattern: 'sprout.openai.chat.tool-call-id-pattern',
  /** Sprout's: whether the server takes `response_format: json_schema` (Spring has no such key). */
  nativeStructuredOutput: 'sprout.openai.chat.native-structured-output',
  embeddingBaseUrl: 'spring.ai.openai.embedding.base-url',
  embeddingApiKey: 'spring.ai.openai.embedding.api-key',
  embeddingOrganizationId: 'spring.ai.openai.embedding.organization-id',
  embeddingProjectId: 'spring.ai.openai.embedding.project-id',
  embeddingModel: 'spring.ai.openai.embedding.options.model',
  embeddingDimensions: 'spring.ai.openai.embedding.options.dimensions',
} as const;

/** Environment variable read when `spring.ai.openai.api-key` is set nowhere else. */
export const OPENAI_API_KEY_ENV = 'OPENAI_API_KEY';

/** Default request options of the auto-configured chat model (`spring.ai.openai.chat.options.*`). */
export interface OpenAiChatOptionsProperties {
  /** @defaultValue `DEFAULT_OPENAI_MODEL` of `@sprout-ai/openai` (`gpt-4o-mini`) */
  readonly model: string;
  /** Sampling temperature, 0–2; unset leaves it to the API. */
  readonly temperature?: number;
  /** Upper bound on generated tokens (units: tokens); unset leaves it to the API. */
  readonly maxTokens?: number;
  /**
   * Send tools in OpenAI strict mode (schemas rewritten, `"strict": true`); `@Tool({ strict })`
   * wins per tool. Unset means false.
   */
  readonly strict?: boolean;
  /** Upper bound on generated tokens including reasoning tokens; for reasoning models. */
  readonly maxCompletionTokens?: number;
  /** Nucleus sampling, 0–1. */
  readonly topP?: number;
  /** -2 to 2; positive values discourage repeating tokens. */
  readonly frequencyPenalty?: number;
  /** -2 to 2; positive values encourage new topics. */
  readonly presencePenalty?: number;
  /** Stop sequences (`stop`, comma-separated). */
  readonly stopSequences?: readonly string[];
  /** Best-effort deterministic sampling. */
  readonly seed?: number;
  /** An end-user id for the provider's abuse monitoring. */
  readonly user?: string;
  /** Whether the model may ask for several tool calls in one response (only sent with tools). */
  readonly parallelToolCalls?: boolean;
  /** `auto`, `none`, `required`, or `{"type":"function","function":{"name":"…"}}` (only sent with tools). */
  readonly toolChoice?: ToolChoice;
  /** `response-format.type` (`TEXT`, `JSON_OBJECT`, `JSON_SCHEMA`) with `.name`, `.schema`, `.strict`. */
  readonly responseFormat?: OpenAiResponseFormat;
  /** `http-headers.<Header>`: extra headers of every request. */
  readonly httpHeaders?: Readonly<Record<string, string>>;
}

/** The chat model's connection and options (`spring.ai.openai.chat.*`). */
export interface OpenAiChatProperties {
  /** Effective base URL: `spring.ai.openai.chat.base-url`, else `spring.ai.openai.base-url`. */
  readonly baseUrl: string;
  /** Effective API key: `spring.ai.openai.chat.api-key`, else `spring.ai.openai.api-key`. */
  readonly apiKey?: string;
  /** Effective `OpenAI-Organization`: `spring.ai.openai.chat.organization-id`, else `spring.ai.openai.organization-id`. */
  readonly organizationId?: string;
  /** Effective `OpenAI-Project`: `spring.ai.openai.chat.project-id`, else `spring.ai.openai.project-id`. */
  readonly projectId?: string;
  /**
   * Longest silence while an answer's body arrives (JSON, or between stream chunks), in ms.
   * @defaultValue `DEFAULT_OPENAI_IDLE_TIMEOUT_MS` of `@sprout-ai/openai` (60 s)
   * @remarks Not in Spring AI.
   */
  readonly idleTimeoutMs: number;
  /**
   * The server's rule for tool-call ids, e.g. `^[a-zA-Z0-9]{9}$` (Mistral); ids it rejects are sent
   * as ids derived from them (`OpenAiChatModel`'s `toolCallIdPattern`). Unset sends ids as they are.
   * @remarks Not in Spring AI.
   */
  readonly toolCallIdPattern?: string;
  /**
   * Whether the server takes `response_format: json_schema`, so `.entity()` sends the schema
   * natively; `false` sends format instructions in the prompt instead. @defaultValue true
   * @remarks Not in Spring AI.
   */
  readonly nativeStructuredOutput: boolean;
  readonly options: OpenAiChatOptionsProperties;
}

/** The embedding model's connection and options (`spring.ai.openai.embedding.*`). */
export interface OpenAiEmbeddingProperties {
  /** Effective base URL: `spring.ai.openai.embedding.base-url`, else `spring.ai.openai.base-url`. */
  readonly baseUrl: string;
  /** Effective API key: `spring.ai.openai.embedding.api-key`, else `spring.ai.openai.api-key`. */
  readonly apiKey?: string;
  /** Effective organization: `spring.ai.openai.embedding.organization-id`, else the shared one. */
  readonly organizationId?: string;
  /** Effective project: `spring.ai.openai.embedding.project-id`, else the shared one. */
  readonly projectId?: string;
  /** @defaultValue `DEFAULT_OPENAI_EMBEDDING_MODEL` of `@sprout-ai/openai` (`text-embedding-ada-002`) */
  readonly model: string;
  /** Vector length asked for (`text-embedding-3-*` models); unset leaves it to the model. */
  readonly dimensions?: number;
}

/**
 * The `spring.ai.openai.*` properties, typed and validated. The chat-level `base-url`/`api-key`
 * override the shared ones, as in Spring.
 *
 * @see Spring AI `OpenAiConnectionProperties`, `OpenAiChatProperties`
 */
export interface OpenAiProperties {
  /**
   * Shared base URL, with or without `/v1` (`OpenAiChatModel` appends `/v1` to a URL without a path).
   * @defaultValue `DEFAULT_OPENAI_BASE_URL` of `@sprout-ai/openai` (`https://api.openai.com`)
   */
  readonly baseUrl: string;
  /** Shared API key; `OPENAI_API_KEY` in the environment is the fallback. */
  readonly apiKey?: string;
  /** Shared OpenAI organization id (`OpenAI-Organization` header). */
  readonly organizationId?: string;
  /** Shared OpenAI project id (`OpenAI-Project` header). */
  readonly projectId?: string;
  readonly chat: OpenAiChatProperties;
  readonly embedding: OpenAiEmbeddingProperties;
}

/**
 * Reads and validates the `spring.ai.openai.*` group. A missing API key is not an error here; the
 * OpenAI auto-configuration reports it when it has to build the model.
 *
 * @param reader - the resolved properties
 * @param keys - every resolved key (to find the map-style `http-headers.<Header>` entries)
 * @throws InvalidPropertyError naming the key, the value and what is allowed
 */
export function bindOpenAiProperties(reader: PropertyReader, keys: Iterable<string> = []): OpenAiProperties {
  const k = OPENAI_PROPERTY_KEYS;
  const baseUrl = reader.url(k.baseUrl) ?? DEFAULT_OPENAI_BASE_URL;
  const apiKey = reader.string(k.apiKey);
  const organizationId = reader.string(k.organizationId);
  const projectId = reader.string(k.projectId);
  const penalty = { min: -2, max: 2 };
  return {
    baseUrl,
    apiKey,
    organizationId,
    projectId,
    chat: {
      baseUrl: reader.url(k.chatBaseUrl) ?? baseUrl,
      apiKey: reader.string(k.chatApiKey) ?? apiKey,
      organizationId: reader.string(k.chatOrganizationId) ?? organizationId,
      projectId: reader.string(k.chatProjectId) ?? projectId,
      idleTimeoutMs: reader.durationMs(k.idleTimeout, DEFAULT_OPENAI_IDLE_TIMEOUT_MS),
      toolCallIdPattern: toolCallIdPattern(reader),
      nativeStructuredOutput: reader.boolean(k.nativeStructuredOutput, true),
      options: {
        model: reader.string(k.model) ?? DEFAULT_OPENAI_MODEL,
        temperature: reader.number(k.temperature, { min: 0, max: 2 }),
        maxTokens: reader.integer(k.maxTokens, undefined, { accept: (n) => n > 0, allowed: 'a positive integer' }),
        strict: optionalBoolean(reader, k.strict),
        maxCompletionTokens: reader.integer(k.maxCompletionTokens, undefined, {
          accept: (n) => n > 0,
          allowed: 'a positive integer',
        }),
        topP: reader.number(k.topP, { min: 0, max: 1 }),
        frequencyPenalty: reader.number(k.frequencyPenalty, penalty),
        presencePenalty: reader.number(k.presencePenalty, penalty),
        stopSequences: reader.string(k.stop) === undefined ? undefined : reader.list(k.stop),
        seed: reader.integer(k.seed, undefined, { accept: () => true, allowed: 'an integer' }),
        user: reader.string(k.user),
        parallelToolCalls: optionalBoolean(reader, k.parallelToolCalls),
        toolChoice: toolChoice(reader),
        responseFormat: responseFormat(reader),
        httpHeaders: httpHeaders(reader, keys),
      },
    },
    embedding: {
      baseUrl: reader.url(k.embeddingBaseUrl) ?? baseUrl,
      apiKey: reader.string(k.embeddingApiKey) ?? apiKey,
      organizationId: reader.string(k.embeddingOrganizationId) ?? organizationId,
      projectId: reader.string(k.embeddingProjectId) ?? projectId,
      model: reader.string(k.embeddingModel) ?? DEFAULT_OPENAI_EMBEDDING_MODEL,
      dimensions: reader.integer(k.embeddingDimensions, undefined, {
        accept: (n) => n > 0,
        allowed: 'a positive integer',
      }),
    },
  };
}

function toolCallIdPattern(reader: PropertyReader): string | undefined {
  const key = OPENAI_PROPERTY_KEYS.toolCallIdPattern;
  const pattern = reader.string(key);
  if (pattern === undefined) return undefined;
  try {
    ToolCallIdRule.parse(pattern, key);
  } catch {
    throw reader.invalid(key, TOOL_CALL_ID_PATTERN_FORMS);
  }
  return pattern;
}

function optionalBoolean(reader: PropertyReader, key: string): boolean | undefined {
  return reader.string(key) === undefined ? undefined : reader.boolean(key, false);
}

const TOOL_CHOICE_ALLOWED =
  'auto, none, required, or {"type":"function","function":{"name":"<tool>"}} to require one tool';

function toolChoice(reader: PropertyReader): ToolChoice | undefined {
  const key = OPENAI_PROPERTY_KEYS.toolChoice;
  const text = reader.string(key);
  if (text === undefined) return undefined;
  if (!text.startsWith('{')) return reader.enumeration(key, ['auto', 'none', 'required'] as const, 'auto');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw reader.invalid(key, TOOL_CHOICE_ALLOWED);
  }
  const name = (value as { type?: unknown; function?: { name?: unknown } }).function?.name;
  if ((value as { type?: unknown }).type !== 'function' || typeof name !== 'string' || name === '') {
    throw reader.invalid(key, TOOL_CHOICE_ALLOWED);
  }
  return { type: 'function', function: { name } };
}

/** Spring's default name of a JSON schema response format. */
const DEFAULT_RESPONSE_FORMAT_NAME = 'custom_schema';

function responseFormat(reader: PropertyReader): OpenAiResponseFormat | undefined {
  const k = OPENAI_PROPERTY_KEYS;
  const schemaText = reader.string(k.responseFormatSchema);
  if (reader.string(k.responseFormatType) === undefined) {
    if (schemaText !== undefined)
      throw reader.invalid(k.responseFormatType, 'JSON_SCHEMA when response-format.schema is set');
    return undefined;
  }
  const type = reader.enumeration(k.responseFormatType, ['TEXT', 'JSON_OBJECT', 'JSON_SCHEMA'] as const, 'TEXT');
  if (type === 'TEXT') return { type: 'text' };
  if (type === 'JSON_OBJECT') return { type: 'json_object' };
  let schema: unknown;
  try {
    schema = schemaText === undefined ? undefined : JSON.parse(schemaText);
  } catch {
    schema = undefined;
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw reader.invalid(
      k.responseFormatSchema,
      'a JSON Schema object (required with response-format.type=JSON_SCHEMA)',
    );
  }
  return {
    type: 'json_schema',
    jsonSchema: {
      name: reader.string(k.responseFormatName) ?? DEFAULT_RESPONSE_FORMAT_NAME,
      schema: schema as Record<string, unknown>,
      strict: optionalBoolean(reader, k.responseFormatStrict),
    },
  };
}

function httpHeaders(reader: PropertyReader, keys: Iterable<string>): Record<string, string> | undefined {
  const prefix = `${OPENAI_PROPERTY_KEYS.httpHeaders}.`;
  let headers: Record<string, string> | undefined;
  for (const key of keys) {
    if (!key.startsWith(prefix)) continue;
    const value = reader.string(key);
    if (value !== undefined) (headers ??= {})[key.slice(prefix.length)] = value;
  }
  return headers;
}
