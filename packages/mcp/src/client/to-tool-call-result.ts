import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Media, type ToolCallResult } from '@sprout-ai/core';

/**
 * What the model gets of an MCP tool result:
 * - `text`: the content parts in order, one per line: a text part's text; for an image, audio or
 *   embedded binary resource a short placeholder (`[image: image/png, 48213 bytes]`), never its
 *   base64; other parts (text resources, resource links) as their JSON; and, when no part is text,
 *   the JSON of `structuredContent` (the MCP spec asks servers to send it as text too, so it is not
 *   repeated when they did);
 * - `media`: the binary parts as {@link Media}, for providers that attach them natively;
 * - `structuredContent`: as the server sent it.
 *
 * @param result - the `tools/call` result
 * @internal
 */
export function toToolCallResult(result: CallToolResult): ToolCallResult {
  const content = Array.isArray(result.content) ? result.content : [];
  const lines: string[] = [];
  const media: Media[] = [];
  let hasText = false;
  for (const part of content) {
    if (part.type === 'text') {
      lines.push(part.text);
      hasText = true;
    } else if (part.type === 'image' || part.type === 'audio') {
      lines.push(binaryPart(part.type, part.mimeType, part.data, media));
    } else if (part.type === 'resource' && 'blob' in part.resource && typeof part.resource.blob === 'string') {
      const { uri, mimeType, blob } = part.resource;
      lines.push(binaryPart(`resource ${uri}`, mimeType ?? 'application/octet-stream', blob, media, uri));
    } else {
      lines.push(JSON.stringify(part));
    }
  }
  if (!hasText && result.structuredContent !== undefined) lines.push(JSON.stringify(result.structuredContent));
  return {
    text: lines.join('\n'),
    ...(media.length === 0 ? {} : { media }),
    ...(result.structuredContent === undefined ? {} : { structuredContent: result.structuredContent }),
  };
}

/** Keeps a base64 part as media and returns its placeholder. */
function binaryPart(label: string, mimeType: string, base64: string, media: Media[], name?: string): string {
  const bytes = Buffer.from(base64, 'base64');
  let item: Media;
  try {
    item = new Media({ mimeType, data: bytes, ...(name === undefined ? {} : { name }) });
  } catch {
    return `[${label}: ${bytes.byteLength} bytes of an unusable MIME type, left out]`;
  }
  media.push(item);
  return `[${label}: ${item.mimeType}, ${bytes.byteLength} bytes]`;
}
