import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';

/** One part of an MCP tool result or prompt message: text, image, audio, resource link or embedded resource. */
export type McpContent = ContentBlock;

function base64(data: string | Uint8Array): string {
  return typeof data === 'string' ? data : Buffer.from(data).toString('base64');
}

/**
 * Builders of {@link McpContent} parts (the SDK's `ContentBlock` shapes).
 *
 * @example `McpContents.image(pngBytes, 'image/png')`
 */
export const McpContents = {
  /** A text part. */
  text: (text: string): McpContent => ({ type: 'text', text }),
  /** An image part. @param data - bytes, or base64 text */
  image: (data: string | Uint8Array, mimeType: string): McpContent => ({ type: 'image', data: base64(data), mimeType }),
  /** An audio part. @param data - bytes, or base64 text */
  audio: (data: string | Uint8Array, mimeType: string): McpContent => ({ type: 'audio', data: base64(data), mimeType }),
  /** An embedded text resource, e.g. `McpContents.textResource('test://a', 'text/plain', 'hello')`. */
  textResource: (uri: string, mimeType: string, text: string): McpContent => ({
    type: 'resource',
    resource: { uri, mimeType, text },
  }),
  /** An embedded binary resource. @param data - bytes, or base64 text */
  blobResource: (uri: string, mimeType: string, data: string | Uint8Array): McpContent => ({
    type: 'resource',
    resource: { uri, mimeType, blob: base64(data) },
  }),
  /** A link to a resource the client can read (`resources/read`). */
  resourceLink: (link: { uri: string; name: string; description?: string; mimeType?: string }): McpContent => ({
    type: 'resource_link',
    ...link,
  }),
} as const;

/**
 * What an `@McpTool` method returns to send more than one text: any mix of text, image, audio,
 * resource-link and embedded-resource parts, optionally structured content, optionally as an
 * error the client sees (`isError`).
 *
 * @example
 * ```ts
 * @McpTool({ description: 'A chart of the sales' })
 * chart(): McpToolResult {
 *   return McpToolResult.of(McpContents.text('Sales:'), McpContents.image(png, 'image/png'));
 * }
 * ```
 * @see Spring AI: an `@McpTool` method returning `McpSchema.CallToolResult`
 */
export class McpToolResult {
  /**
   * @param content - the parts, in order
   * @param options - structured content (a JSON object) and whether the result is an error
   */
  constructor(
    readonly content: readonly McpContent[],
    readonly options: {
      readonly structuredContent?: Readonly<Record<string, unknown>>;
      readonly isError?: boolean;
    } = {},
  ) {}

  /** A result of these parts. */
  static of(...content: McpContent[]): McpToolResult {
    return new McpToolResult(content);
  }

  /** The wire form, an SDK `CallToolResult`. */
  toCallToolResult(): CallToolResult {
    return {
      content: [...this.content],
      ...(this.options.structuredContent === undefined
        ? {}
        : { structuredContent: { ...this.options.structuredContent } }),
      ...(this.options.isError === true ? { isError: true } : {}),
    };
  }
}
