import { createHash } from 'node:crypto';
import { AssistantMessage, type Message, SystemMessage, ToolResponseMessage, UserMessage } from '@sprout-ai/core';

/** SHA-256 of a text, hex. */
export function sha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A message as the signature covers it: every field a store keeps (text, tool calls, responses,
 * media, metadata), in a fixed order, so the same message gives the same text before and after a
 * round trip through any store.
 */
export function signedMessageForm(message: Message): unknown {
  const metadata = JSON.stringify(message.metadata ?? {});
  if (message instanceof AssistantMessage) {
    return ['assistant', message.text, message.toolCalls.map((c) => [c.id, c.name, c.arguments]), metadata];
  }
  if (message instanceof ToolResponseMessage) {
    return ['tool', message.responses.map((r) => [r.id, r.name, r.responseData, r.isError === true]), metadata];
  }
  if (message instanceof UserMessage) {
    const media = message.media.map((m) => [m.mimeType, m.data instanceof URL ? m.data.href : sha256(m.data)]);
    return ['user', message.text, media, metadata];
  }
  if (message instanceof SystemMessage) return ['system', message.text, metadata];
  return ['unknown', String(message)];
}
