import {
  ConfigurationError,
  type Media,
  MessageType,
  type Message,
  type ToolDefinition,
  type ToolResponse,
} from '@sprout-ai/core';
import { isBlankToolArguments, parseToolInputSchema } from '@sprout-ai/core/internal';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionContentPart,
  ChatCompletionCreateParams,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';

type ResponseFormat = NonNullable<ChatCompletionCreateParams['response_format']>;
import { ensureToolCallPairing } from './ensure-tool-call-pairing';
import type { OpenAiChatOptions } from './openai-chat-options';
import type { OpenAiResponseFormat } from './openai-response-format';
import { strictToolParameters } from './strict-tool-parameters';
import { toStrictToolSchema } from './strict-tool-schema';
import type { ToolCallIdRule } from './tool-call-id-rule';

/**
 * Builds the Chat Completions request body. `tools`, `tool_choice` and `parallel_tool_calls` are
 * only present when there is at least one tool; options that are not set are left out.
 *
 * @param toolCallIds - the server's rule for tool-call ids, when it has one
 */
export function toChatCompletionParams(
  messages: readonly Message[],
  options: OpenAiChatOptions & { readonly model: string },
  toolDefinitions: readonly ToolDefinition[],
  toolCallIds?: ToolCallIdRule,
): ChatCompletionCreateParamsNonStreaming {
  const params: ChatCompletionCreateParamsNonStreaming = {
    model: options.model,
    messages: toOpenAiMessages(messages, toolCallIds),
  };
  if (options.temperature !== undefined) params.temperature = options.temperature;
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- Spring's maxTokens; compatible servers read max_tokens
  if (options.maxTokens !== undefined) params.max_tokens = options.maxTokens;
  if (options.maxCompletionTokens !== undefined) params.max_completion_tokens = options.maxCompletionTokens;
  if (options.topP !== undefined) params.top_p = options.topP;
  if (options.stopSequences?.length) params.stop = [...options.stopSequences];
  if (options.frequencyPenalty !== undefined) params.frequency_penalty = options.frequencyPenalty;
  if (options.presencePenalty !== undefined) params.presence_penalty = options.presencePenalty;
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- Spring's seed option, still read by servers
  if (options.seed !== undefined) params.seed = options.seed;
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- Spring's user option, still read by servers
  if (options.user !== undefined) params.user = options.user;
  if (options.outputSchema !== undefined) params.response_format = outputSchemaFormat(options.outputSchema);
  else if (options.responseFormat !== undefined) params.response_format = toWireResponseFormat(options.responseFormat);
  if (toolDefinitions.length > 0) {
    params.tools = toolDefinitions.map((definition) => cachedOpenAiTool(definition, options.strict));
    const choice = options.toolChoice;
    if (choice !== undefined) {
      params.tool_choice = typeof choice === 'string' ? choice : { type: 'function', function: { ...choice.function } };
    }
    if (options.parallelToolCalls !== undefined) params.parallel_tool_calls = options.parallelToolCalls;
  }
  return params;
}

function toWireResponseFormat(format: OpenAiResponseFormat): ResponseFormat {
  if (format.type !== 'json_schema') return { type: format.type };
  const { name, schema, strict, description } = format.jsonSchema;
  return {
    type: 'json_schema',
    json_schema: {
      name,
      schema: { ...schema },
      ...(strict !== undefined ? { strict } : {}),
      ...(description !== undefined ? { description } : {}),
    },
  };
}

/** The name OpenAI requires when the schema has no usable `title` (Spring's). */
const DEFAULT_SCHEMA_NAME = 'custom_schema';

/**
 * `response_format` for `ChatOptions.outputSchema` (set by `.entity()`): `json_schema` named by the
 * schema's `title`, without `$schema`, in strict mode when {@link toStrictToolSchema} can rewrite it
 * (as strict tools are), else non-strict. Spring maps `outputSchema` the same way.
 *
 * @throws ConfigurationError when the schema text is not a JSON object
 */
function outputSchemaFormat(outputSchema: string): ResponseFormat {
  let parsed: unknown;
  try {
    parsed = JSON.parse(outputSchema);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigurationError({
      setting: 'outputSchema',
      value: outputSchema.slice(0, 80),
      allowed: 'JSON Schema object text',
    });
  }
  const { $schema: _dialect, title, ...schema } = parsed as Record<string, unknown>;
  const name = typeof title === 'string' && /^[a-zA-Z0-9_-]{1,64}$/.test(title) ? title : DEFAULT_SCHEMA_NAME;
  const strict = toStrictToolSchema(schema);
  return {
    type: 'json_schema',
    json_schema: { name, schema: strict.ok ? strict.schema : schema, strict: strict.ok },
  };
}

/**
 * Maps messages to the wire: system (blank ones are left out), user, assistant (text never `null`; `tool_calls` only when
 * there are calls) and one `tool` message per tool response, in order, followed by a user message
 * with the images the tools returned, if any; then
 * {@link ensureToolCallPairing} makes every call answered exactly once, right after its message;
 * last, with a server rule for ids, every call id and `tool_call_id` becomes
 * {@link ToolCallIdRule.wireId} of itself, so calls and their results still pair.
 */
export function toOpenAiMessages(
  messages: readonly Message[],
  toolCallIds?: ToolCallIdRule,
): ChatCompletionMessageParam[] {
  const result: ChatCompletionMessageParam[] = [];
  // Images from tool results wait until the round's tool messages are all out (see toolImageParts).
  let toolImages: ChatCompletionContentPart[] = [];
  for (const message of messages) {
    if (message.messageType !== MessageType.TOOL && toolImages.length > 0) {
      result.push({ role: 'user', content: toolImages });
      toolImages = [];
    }
    switch (message.messageType) {
      case MessageType.SYSTEM:
        // A blank system message carries nothing, and some servers reject empty content; the tool loop
        // with internal history disabled inserts SystemMessage('') as Spring does.
        if (message.text.trim() !== '') result.push({ role: 'system', content: message.text });
        break;
      case MessageType.USER:
        result.push(
          message.media.length === 0
            ? { role: 'user', content: message.text }
            : { role: 'user', content: userContentParts(message.text, message.media) },
        );
        break;
      case MessageType.ASSISTANT:
        result.push({
          role: 'assistant',
          content: message.text ?? '',
          ...(message.toolCalls.length > 0
            ? {
                tool_calls: message.toolCalls.map((call) => ({
                  id: call.id,
                  type: 'function' as const,
                  function: { name: call.name, arguments: replayArguments(call.arguments) },
                })),
              }
            : {}),
        });
        break;
      case MessageType.TOOL:
        for (const response of message.responses) {
          result.push({ role: 'tool', tool_call_id: response.id, content: response.responseData ?? '' });
          toolImages.push(...toolImageParts(response));
        }
        break;
    }
  }
  if (toolImages.length > 0) result.push({ role: 'user', content: toolImages });
  const paired = ensureToolCallPairing(result);
  return toolCallIds === undefined ? paired : paired.map((message) => withWireIds(message, toolCallIds));
}

/**
 * The images a tool returned (`ToolResponse.media`), as parts of the user message that follows the
 * round's tool messages (a `tool` message takes text only): a label naming the tool and call, then
 * one `image_url` part per image. Other media stay as the placeholder in the tool's text.
 */
function toolImageParts(response: ToolResponse): ChatCompletionContentPart[] {
  const images = (response.media ?? []).filter((item) => item.mimeType.startsWith('image/'));
  if (images.length === 0) return [];
  return [
    { type: 'text', text: `Images returned by tool '${response.name}' (call ${response.id}):` },
    ...images.map((item): ChatCompletionContentPart => ({ type: 'image_url', image_url: { url: item.toUrl() } })),
  ];
}

/** Audio MIME types OpenAI takes as `input_audio`, by its `format` name. */
const AUDIO_FORMATS: Readonly<Record<string, 'wav' | 'mp3'>> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
};

/**
 * A user message with media as content parts: the text (when not blank), then one part per media
 * item, in order: an image as `image_url` (its URL, or a `data:` URL of its bytes); WAV or MP3
 * audio bytes as `input_audio` (base64, for audio-input models); PDF bytes as a `file` part
 * (`file_data`, with the media's name as `filename`).
 *
 * @throws ConfigurationError for media OpenAI does not take in a message (other types, audio or a
 *   PDF given as a URL rather than bytes), so nothing is lost silently
 */
function userContentParts(text: string, media: readonly Media[]): ChatCompletionContentPart[] {
  const parts: ChatCompletionContentPart[] = text.trim() === '' ? [] : [{ type: 'text', text }];
  for (const item of media) parts.push(mediaPart(item));
  return parts;
}

function mediaPart(item: Media): ChatCompletionContentPart {
  if (item.mimeType.startsWith('image/')) return { type: 'image_url', image_url: { url: item.toUrl() } };
  const audioFormat = AUDIO_FORMATS[item.mimeType];
  if (audioFormat !== undefined && !(item.data instanceof URL)) {
    return { type: 'input_audio', input_audio: { data: base64Of(item), format: audioFormat } };
  }
  if (item.mimeType === 'application/pdf' && !(item.data instanceof URL)) {
    return { type: 'file', file: { file_data: item.toUrl(), filename: item.name ?? 'document.pdf' } };
  }
  const asUrl = item.data instanceof URL && (audioFormat !== undefined || item.mimeType === 'application/pdf');
  throw new ConfigurationError({
    setting: 'Media mimeType',
    value: item.mimeType,
    allowed: 'an image (URL or bytes), WAV or MP3 audio bytes, or PDF bytes',
    message:
      `OpenAiChatModel cannot send ${item.mimeType}${item.name ? ` ('${item.name}')` : ''} in a user message` +
      (asUrl
        ? ': OpenAI takes audio and files as bytes, not URLs; read the content and pass its bytes.'
        : '; it takes images, WAV or MP3 audio (input_audio) and PDF files.') +
      ' Nothing was sent.',
  });
}

function base64Of(item: Media): string {
  const bytes = item.data as Exclude<Media['data'], URL>;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function withWireIds(message: ChatCompletionMessageParam, rule: ToolCallIdRule): ChatCompletionMessageParam {
  if (message.role === 'tool') return { ...message, tool_call_id: rule.wireId(message.tool_call_id) };
  if (message.role !== 'assistant' || message.tool_calls === undefined) return message;
  return { ...message, tool_calls: message.tool_calls.map((call) => ({ ...call, id: rule.wireId(call.id) })) };
}

/**
 * Maps a tool definition to an OpenAI function tool. `parameters` is the parsed input schema
 * without its top-level `$schema` key (meta-data some servers reject); in strict mode (the tool's
 * `strict`, else `strictDefault`) it is the strict rewrite and `strict: true` is sent (see
 * {@link strictToolParameters}).
 *
 * @param strictDefault - the request's `strict` option (`spring.ai.openai.chat.options.strict`)
 * @throws InvalidToolSchemaError when the input schema is not a JSON object
 */
export function toOpenAiTool(definition: ToolDefinition, strictDefault?: boolean): ChatCompletionFunctionTool {
  const parameters = parseToolInputSchema(definition);
  delete parameters.$schema;
  const strict = strictToolParameters(definition, parameters, strictDefault);
  return {
    type: 'function',
    function: {
      name: definition.name,
      ...(definition.description ? { description: definition.description } : {}),
      parameters: strict ?? parameters,
      ...(strict === undefined ? {} : { strict: true }),
    },
  };
}

/**
 * The OpenAI tool of each definition, by strict default: a tool definition is immutable, and its
 * schema need not be parsed (and made strict) again for every request of every round. The tool
 * objects are only read (serialized into the request body).
 */
const openAiTools = new WeakMap<ToolDefinition, Map<boolean | undefined, ChatCompletionFunctionTool>>();

function cachedOpenAiTool(definition: ToolDefinition, strictDefault: boolean | undefined): ChatCompletionFunctionTool {
  if (!Object.isFrozen(definition)) return toOpenAiTool(definition, strictDefault);
  let byStrict = openAiTools.get(definition);
  if (byStrict === undefined) {
    byStrict = new Map();
    openAiTools.set(definition, byStrict);
  }
  let tool = byStrict.get(strictDefault);
  if (tool === undefined) {
    tool = toOpenAiTool(definition, strictDefault);
    byStrict.set(strictDefault, tool);
  }
  return tool;
}

/** Blank arguments (a no-parameter call) are replayed as `{}`; servers that parse them reject `''`. */
function replayArguments(args: string | undefined): string {
  return args !== undefined && !isBlankToolArguments(args) ? args : '{}';
}
