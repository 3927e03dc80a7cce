import {
  AssistantMessage,
  Media,
  type Message,
  SystemMessage,
  type ToolCall,
  ToolResponseMessage,
  type ToolResponse,
  SproutError,
  UserMessage,
} from '@sprout-ai/core';

/**
 * A message as the stores keep it (JSON). `text` for system, user and assistant messages,
 * `toolCalls` for assistant messages (raw argument text kept as is), `responses` for tool messages.
 *
 * @example `{"type":"assistant","text":"","toolCalls":[{"id":"call_1","type":"function","name":"getOrderStatus","arguments":"{\"orderId\":\"A123\"}"}],"metadata":{}}`
 */
export interface StoredMessage {
  readonly type: 'system' | 'user' | 'assistant' | 'tool';
  readonly text?: string;
  readonly toolCalls?: readonly ToolCall[];
  readonly responses?: readonly ToolResponse[];
  /** Media of a user message: a URL, or the bytes as base64. */
  readonly media?: readonly StoredMedia[];
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** A user message's media as stored: `url`, or `base64` bytes. */
export interface StoredMedia {
  readonly mimeType: string;
  readonly url?: string;
  readonly base64?: string;
  readonly name?: string;
}

/** A message could not be turned into JSON or back; the message says which and why. */
export class MessageCodecError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.MessageCodecError');
}

/**
 * The storable form of a message.
 *
 * @param message - any message
 * @returns its {@link StoredMessage}
 * @throws MessageCodecError when it is not a message
 */
export function toStoredMessage(message: Message): StoredMessage {
  const metadata = message.metadata;
  if (message instanceof AssistantMessage) {
    const toolCalls = message.toolCalls.map(({ id, type, name, arguments: args }) => ({
      id,
      type,
      name,
      arguments: args,
    }));
    return { type: 'assistant', text: message.text, ...(toolCalls.length > 0 ? { toolCalls } : {}), metadata };
  }
  if (message instanceof ToolResponseMessage) {
    const responses = message.responses.map(({ id, name, responseData, isError }) => ({
      id,
      name,
      responseData,
      ...(isError === true ? { isError } : {}),
    }));
    return { type: 'tool', responses, metadata };
  }
  if (message instanceof UserMessage) {
    const media = message.media.map(toStoredMedia);
    return { type: 'user', text: message.text, ...(media.length > 0 ? { media } : {}), metadata };
  }
  if (message instanceof SystemMessage) return { type: 'system', text: message.text, metadata };
  throw new MessageCodecError(`Cannot store ${String(message)}: it is not a Sprout message.`);
}

/**
 * The message a {@link StoredMessage} describes.
 *
 * @param stored - a parsed stored message
 * @returns the message
 * @throws MessageCodecError when the shape is not a stored message
 */
export function fromStoredMessage(stored: StoredMessage): Message {
  const metadata = isRecord(stored?.metadata) ? stored.metadata : {};
  switch (stored?.type) {
    case 'user':
      return new UserMessage(requireString(stored.text, 'text'), metadata, (stored.media ?? []).map(fromStoredMedia));
    case 'system':
      return new SystemMessage(requireString(stored.text, 'text'), metadata);
    case 'assistant':
      return new AssistantMessage(requireString(stored.text, 'text'), stored.toolCalls ?? [], metadata);
    case 'tool':
      if (!Array.isArray(stored.responses))
        throw new MessageCodecError('A stored tool message has no responses array.');
      return new ToolResponseMessage(stored.responses, metadata);
    default:
      throw new MessageCodecError(`Unknown stored message type ${JSON.stringify(stored?.type)}.`);
  }
}

function toStoredMedia(media: Media): StoredMedia {
  const data =
    media.data instanceof URL
      ? { url: media.data.href }
      : { base64: Buffer.from(media.data.buffer, media.data.byteOffset, media.data.byteLength).toString('base64') };
  return { mimeType: media.mimeType, ...data, ...(media.name !== undefined ? { name: media.name } : {}) };
}

function fromStoredMedia(stored: StoredMedia): Media {
  const data = stored?.url ?? (typeof stored?.base64 === 'string' ? Buffer.from(stored.base64, 'base64') : undefined);
  try {
    return new Media({ mimeType: stored?.mimeType, data: data as string, name: stored?.name });
  } catch (error) {
    throw new MessageCodecError('A stored user message has media without a valid MIME type and URL or bytes.', {
      cause: error,
    });
  }
}

/**
 * JSON text of one message.
 *
 * @throws MessageCodecError when its metadata cannot be written as JSON (a BigInt, a cycle …)
 */
export function encodeMessage(message: Message): string {
  try {
    return JSON.stringify(toStoredMessage(message));
  } catch (error) {
    if (MessageCodecError.isInstance(error)) throw error;
    throw new MessageCodecError(
      `Cannot store a ${message.messageType} message: its metadata is not JSON-serialisable ` +
        `(${error instanceof Error ? error.message : String(error)}). Keep metadata to JSON values.`,
      { cause: error },
    );
  }
}

/**
 * The message of one JSON text written by {@link encodeMessage}.
 *
 * @throws MessageCodecError when the text is not valid JSON of a stored message
 */
export function decodeMessage(json: string): Message {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new MessageCodecError(`A stored message is not valid JSON: ${json.slice(0, 80)}`, { cause: error });
  }
  return fromStoredMessage(parsed as StoredMessage);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new MessageCodecError(`A stored message has no ${field} string.`);
  return value;
}
