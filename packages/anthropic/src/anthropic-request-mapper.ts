import {
  ConfigurationError,
  MessageType,
  type AssistantMessage,
  type Media,
  type Message,
  type ToolChoice,
  type ToolDefinition,
  type ToolResponse,
} from '@sprout-ai/core';
import {
  createLogger,
  invalidToolInputSchema,
  isBlankToolArguments,
  parseToolInputSchema,
} from '@sprout-ai/core/internal';
import type {
  Base64ImageSource,
  ContentBlockParam,
  ImageBlockParam,
  MessageCreateParamsNonStreaming,
  MessageParam,
  Tool,
  ToolChoice as AnthropicToolChoice,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { AnthropicChatOptions } from './anthropic-chat-options';
import { DEFAULT_ANTHROPIC_MAX_TOKENS } from './anthropic-defaults';
import { pairToolResults, toWireToolUses, type WireToolUse } from './pair-tool-results';

const logger = createLogger('sprout-ai.anthropic.AnthropicChatModel');

/**
 * The sampling parameters, sent only when set. The `@anthropic-ai/sdk` 1.x types have none: the API
 * version it sends (`anthropic-version: 2026-10-21`) rejects them with a 400, while the older
 * version and many Anthropic-compatible servers take them.
 */
export interface SamplingParams {
  temperature?: number;
  top_p?: number;
  top_k?: number;
}

/** The request body of {@link toMessageCreateParams}. */
export type AnthropicRequestParams = MessageCreateParamsNonStreaming & SamplingParams;

/**
 * Builds the Messages API request body. `max_tokens` is always sent (the API requires it);
 * `tools` and `tool_choice` only when there is at least one tool; options that are not set are
 * left out (see {@link SamplingParams} for `temperature`, `top_p` and `top_k`).
 *
 * @param messages - the prompt's messages
 * @param options - the merged options, `model` set
 * @param toolDefinitions - the tools to offer
 * @throws InvalidToolSchemaError when a tool's input schema is not a JSON object schema
 * @throws ConfigurationError when `outputSchema` is set: this provider has no native schema output
 *   (`.entity()` sends format instructions instead unless a request forces native output)
 */
export function toMessageCreateParams(
  messages: readonly Message[],
  options: AnthropicChatOptions & { readonly model: string },
  toolDefinitions: readonly ToolDefinition[],
): AnthropicRequestParams {
  if (options.outputSchema !== undefined) {
    throw new ConfigurationError({
      setting: 'outputSchema',
      value: 'a JSON Schema',
      allowed: 'no outputSchema: AnthropicChatModel has no native structured output',
      message:
        'AnthropicChatModel cannot send an output schema natively. Leave native structured output unset ' +
        '(or useProviderStructuredOutput(false)) so .entity() appends format instructions to the prompt. Nothing was sent.',
    });
  }
  const { system, messages: wireMessages } = toAnthropicMessages(messages);
  const params: AnthropicRequestParams = {
    model: options.model,
    max_tokens: options.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
    messages: wireMessages,
  };
  if (system !== undefined) params.system = system;
  if (options.temperature !== undefined) params.temperature = options.temperature;
  if (options.topP !== undefined) params.top_p = options.topP;
  if (options.topK !== undefined) params.top_k = options.topK;
  if (options.stopSequences?.length) params.stop_sequences = [...options.stopSequences];
  if (toolDefinitions.length > 0) {
    params.tools = toolDefinitions.map(cachedAnthropicTool);
    const choice = toToolChoice(options.toolChoice, options.disableParallelToolUse === true);
    if (choice !== undefined) params.tool_choice = choice;
  }
  return params;
}

/**
 * Maps the portable tool choice to Anthropic's: `'auto'` → `auto`, `'required'` → `any`, `'none'`
 * → `none`, a named function → `tool`; `disableParallelToolUse` adds `disable_parallel_tool_use`
 * (to `auto` when no choice is set; `none` takes none).
 *
 * @param choice - the request's `toolChoice`
 * @param disableParallelToolUse - the request's `disableParallelToolUse`
 * @returns the wire `tool_choice`, or `undefined` to send none
 */
export function toToolChoice(
  choice: ToolChoice | undefined,
  disableParallelToolUse: boolean,
): AnthropicToolChoice | undefined {
  const parallel = disableParallelToolUse ? { disable_parallel_tool_use: true } : {};
  if (choice === undefined) return disableParallelToolUse ? { type: 'auto', ...parallel } : undefined;
  if (choice === 'none') return { type: 'none' };
  if (choice === 'auto') return { type: 'auto', ...parallel };
  if (choice === 'required') return { type: 'any', ...parallel };
  return { type: 'tool', name: choice.function.name, ...parallel };
}

/**
 * Maps Sprout's messages to the Messages API's:
 * - system messages (blank ones left out) are joined with a blank line into the separate `system`
 *   field, wherever they stand (the API has no system role in `messages`);
 * - a user message is a `user` message: its images (`media`) as `image` blocks, then its text (a
 *   blank text is left out, the API rejects empty text);
 * - an assistant message is an `assistant` message of a `text` block (when it has text) and one
 *   `tool_use` block per call, the call's arguments text parsed into the `input` object (`{}`
 *   when blank or not a JSON object);
 * - the results of one round — the tool messages after an assistant message with calls — go as
 *   `tool_result` blocks of **one** `user` message, one per call in the calls' order, failed ones
 *   with `is_error: true` (see `pairToolResults`), and the images a tool returned as `image` blocks
 *   of its `tool_result`; tool messages that follow no call are dropped;
 * - consecutive messages of one role are merged into one (results before the user's text).
 *
 * @param messages - the prompt's messages, in order
 * @returns the `system` text (absent when there is none) and the `messages`
 */
export function toAnthropicMessages(messages: readonly Message[]): { system?: string; messages: MessageParam[] } {
  const system: string[] = [];
  const result: MessageParam[] = [];
  let open: WireToolUse[] | undefined;
  let responses: ToolResponse[] = [];
  const answerOpenCalls = (): void => {
    if (open !== undefined) append(result, 'user', pairToolResults(open, responses, toolResultContent));
    open = undefined;
    responses = [];
  };
  for (const message of messages) {
    switch (message.messageType) {
      case MessageType.SYSTEM:
        if (message.text.trim() !== '') system.push(message.text);
        break;
      case MessageType.USER: {
        answerOpenCalls();
        const text: ContentBlockParam[] = message.text.trim() === '' ? [] : [{ type: 'text', text: message.text }];
        const content = [...message.media.map(toImageBlock), ...text];
        if (content.length > 0) append(result, 'user', content);
        break;
      }
      case MessageType.ASSISTANT: {
        answerOpenCalls();
        const calls = toWireToolUses(message.toolCalls);
        const blocks = assistantBlocks(message, calls);
        if (blocks.length > 0) append(result, 'assistant', blocks);
        if (calls.length > 0) open = calls;
        break;
      }
      case MessageType.TOOL:
        if (open !== undefined) responses.push(...message.responses);
        else
          logger.warn(
            { toolCallIds: message.responses.map((r) => r.id) },
            'dropping tool results that answer no tool call',
          );
        break;
    }
  }
  answerOpenCalls();
  return { ...(system.length > 0 ? { system: system.join('\n\n') } : {}), messages: result };
}

function assistantBlocks(message: AssistantMessage, calls: readonly WireToolUse[]): ContentBlockParam[] {
  const blocks: ContentBlockParam[] = [];
  if (message.text.trim() !== '') blocks.push({ type: 'text', text: message.text });
  message.toolCalls.forEach((call, index) => {
    blocks.push({ type: 'tool_use', id: calls[index].wireId, name: call.name, input: toInput(call.arguments) });
  });
  return blocks;
}

/**
 * A tool result's `content`: its text, and the images the tool returned (`ToolResponse.media`) as
 * `image` blocks after it, which `tool_result` takes; other media stay as the placeholder in the text.
 */
function toolResultContent(response: ToolResponse): ToolResultBlockParam['content'] {
  const images = (response.media ?? []).filter((item) => BASE64_IMAGE_TYPES.includes(item.mimeType));
  if (images.length === 0) return response.responseData;
  return [{ type: 'text', text: response.responseData }, ...images.map(toImageBlock)];
}

/** The image types the Messages API takes as base64 data. */
const BASE64_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * An image of a user message as an `image` block: a URL as a `url` source, bytes or a `data:` URL
 * as a `base64` source.
 *
 * @throws ConfigurationError for media that is not a JPEG, PNG, GIF or WebP image
 */
function toImageBlock(media: Media): ImageBlockParam {
  if (!BASE64_IMAGE_TYPES.includes(media.mimeType)) {
    throw new ConfigurationError({
      setting: 'Media mimeType',
      value: media.mimeType,
      allowed: BASE64_IMAGE_TYPES.join(', '),
      message:
        `AnthropicChatModel sends images (${BASE64_IMAGE_TYPES.join(', ')}) as media of a user message, not ` +
        `${media.mimeType}${media.name ? ` ('${media.name}')` : ''}. Nothing was sent.`,
    });
  }
  const url = media.data instanceof URL ? media.data : undefined;
  if (url !== undefined && url.protocol !== 'data:') return { type: 'image', source: { type: 'url', url: url.href } };
  const source: Base64ImageSource = {
    type: 'base64',
    media_type: media.mimeType as Base64ImageSource['media_type'],
    data: base64Of(media.data),
  };
  return { type: 'image', source };
}

/** The bytes of media as base64: its bytes, or the payload of its `data:` URL. */
function base64Of(data: Media['data']): string {
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
  const href = data.href;
  const comma = href.indexOf(',');
  const payload = href.slice(comma + 1);
  return href.slice(0, comma).endsWith(';base64')
    ? payload
    : Buffer.from(decodeURIComponent(payload)).toString('base64');
}

/** A call's arguments text as the `input` object: `{}` when blank, not JSON, or not an object. */
function toInput(args: string): Record<string, unknown> {
  if (isBlankToolArguments(args)) return {};
  try {
    const value: unknown = JSON.parse(args);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Replayed as {}: the call's result already told the model its arguments were unusable.
  }
  return {};
}

/** Adds content to the last message when it has the same role (the API wants roles to alternate). */
function append(messages: MessageParam[], role: 'user' | 'assistant', content: ContentBlockParam[]): void {
  const last = messages.at(-1);
  if (last !== undefined && last.role === role) {
    const previous = typeof last.content === 'string' ? [{ type: 'text' as const, text: last.content }] : last.content;
    messages[messages.length - 1] = { role, content: [...previous, ...content] };
    return;
  }
  messages.push({ role, content: plain(content) });
}

/** A lone text block is sent as plain text content, as most clients send it. */
function plain(content: ContentBlockParam[]): string | ContentBlockParam[] {
  return content.length === 1 && content[0].type === 'text' ? content[0].text : content;
}

/**
 * Maps a tool definition to an Anthropic tool: `input_schema` is the parsed input schema without
 * its top-level `$schema` key (meta-data some endpoints reject), with `type: 'object'` added when
 * the schema states no type. There is no strict mode: the schema goes as it is otherwise.
 *
 * @throws InvalidToolSchemaError when the input schema is not JSON, not an object, or of another type than `object`
 */
export function toAnthropicTool(definition: ToolDefinition): Tool {
  const schema = parseToolInputSchema(definition);
  delete schema.$schema;
  if (schema.type === undefined) schema.type = 'object';
  if (schema.type !== 'object') {
    throw invalidToolInputSchema(
      definition,
      `has type ${JSON.stringify(schema.type)}, but a tool's input must be an object`,
    );
  }
  return {
    name: definition.name,
    ...(definition.description ? { description: definition.description } : {}),
    input_schema: schema as Tool.InputSchema,
  };
}

/** The Anthropic tool of each (immutable) definition: its schema is parsed once, not per request. */
const anthropicTools = new WeakMap<ToolDefinition, Tool>();

function cachedAnthropicTool(definition: ToolDefinition): Tool {
  if (!Object.isFrozen(definition)) return toAnthropicTool(definition);
  let tool = anthropicTools.get(definition);
  if (tool === undefined) {
    tool = toAnthropicTool(definition);
    anthropicTools.set(definition, tool);
  }
  return tool;
}
