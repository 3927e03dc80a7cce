import { ChatClient } from '@sprout-ai/chat-client';
import { ToolExecutionError } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { chatCompletion, errorOf, OpenAiWireServer } from '@sprout-ai/test';
import { fixtureConnection } from '../__fixtures__/fixture-connections';
import { McpToolCallback } from './mcp-tool-callback';
import { McpToolCallbackProvider } from './mcp-tool-callback-provider';

// The fixture server (a child process) answers `parcel-photo` with text, a 1x1 PNG and
// structuredContent, and `parcel-status` with structuredContent only.
jest.setTimeout(30_000);

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG_BYTES = Buffer.from(PNG_BASE64, 'base64').byteLength;
const object = { type: 'object' as const, properties: {} };

describe(McpToolCallback, () => {
  let provider: McpToolCallbackProvider | undefined;
  let wire: OpenAiWireServer | undefined;

  afterEach(async () => {
    await provider?.close();
    await wire?.close();
    provider = undefined;
    wire = undefined;
  });

  async function parcelTools(): Promise<McpToolCallbackProvider> {
    const connection = fixtureConnection('parcels', {
      only: true,
      tools: [
        { name: 'parcel-photo', description: 'Photo of a parcel', inputSchema: object },
        { name: 'parcel-status', description: 'Status of a parcel', inputSchema: object },
        { name: 'fail', description: 'Always fails', inputSchema: object },
      ],
    });
    provider = await McpToolCallbackProvider.create({ connections: [connection] });
    return provider;
  }

  function tool(tools: McpToolCallbackProvider, name: string): McpToolCallback {
    const found = tools.getToolCallbacks().find((c) => c.toolDefinition.name === name);
    if (!(found instanceof McpToolCallback)) throw new Error(`no MCP tool ${name}`);
    return found;
  }

  describe('when a tool returns an image', () => {
    it('should send it to the OpenAI model as an image part after the tool results, not as base64 text', async () => {
      wire = await OpenAiWireServer.start({
        script: [
          chatCompletion({ toolCalls: [{ id: 'call_1', name: 'parcel-photo', arguments: {} }] }),
          chatCompletion({ content: 'The box is dented.' }),
        ],
      });
      const tools = await parcelTools();
      const model = new OpenAiChatModel({ baseUrl: wire.baseUrl, apiKey: 'k', maxRetries: 0 });

      const answer = await ChatClient.create(model).prompt('Is parcel A123 damaged?').tools(tools).call().content();

      expect(answer).toBe('The box is dented.');
      expect(wire.requests[1].messages.slice(2)).toEqual([
        {
          role: 'tool',
          tool_call_id: 'call_1',
          content: `Photo of parcel A123\n[image: image/png, ${PNG_BYTES} bytes]`,
        },
        {
          role: 'user',
          content: [
            { type: 'text', text: "Images returned by tool 'parcel-photo' (call call_1):" },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
          ],
        },
      ]);
    });

    it('should answer callForResult with the text, the image as media and the structuredContent', async () => {
      const result = await tool(await parcelTools(), 'parcel-photo').callForResult('{}');

      expect(result.text).toBe(`Photo of parcel A123\n[image: image/png, ${PNG_BYTES} bytes]`);
      expect(result.media?.map((m) => [m.mimeType, Buffer.from(m.toUrl().split(',')[1], 'base64').byteLength])).toEqual(
        [['image/png', PNG_BYTES]],
      );
      expect(result.structuredContent).toEqual({ orderId: 'A123', damaged: true });
    });
  });

  describe('when a tool returns only structuredContent', () => {
    it('should give the model its JSON as the text and keep the value for the caller', async () => {
      const callback = tool(await parcelTools(), 'parcel-status');

      const result = await callback.callForResult('{}');

      expect(result).toEqual({
        text: '{"orderId":"A123","status":"shipped"}',
        structuredContent: { orderId: 'A123', status: 'shipped' },
      });
      expect(await callback.call('{}')).toBe('{"orderId":"A123","status":"shipped"}');
    });
  });

  it('should still fail callForResult with a ToolExecutionError when the tool reports isError', async () => {
    const error = await errorOf(tool(await parcelTools(), 'fail').callForResult('{}'), ToolExecutionError);

    expect(error.message).toContain('boom');
  });
});
