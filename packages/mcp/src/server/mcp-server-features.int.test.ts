import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import { declareLibraryFeatures, LIBRARY_FEATURES_MANIFEST } from '../__fixtures__/library-features';
import { mcpServerFeatures } from './mcp-server-features';
import { type McpHttpServerHandle, McpToolServer } from './mcp-tool-server';

// Real server on 127.0.0.1, real SDK client; generous for a loaded machine (speed is not asserted).
jest.setTimeout(30_000);

const LibraryFeatures = declareLibraryFeatures();
const registry = new ToolSchemaRegistry().register(LIBRARY_FEATURES_MANIFEST);

describe(mcpServerFeatures, () => {
  let server: McpToolServer;
  let http: McpHttpServerHandle | undefined;
  let client: Client | undefined;
  beforeEach(async () => {
    server = new McpToolServer({
      toolCallbacks: [],
      features: mcpServerFeatures([new LibraryFeatures()], registry),
      toolContextFactory: () => ({ userId: 'u7' }),
    });
    http = await server.listen();
    client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
  });
  afterEach(async () => {
    await client?.close();
    await http?.close();
  });
  const c = () => client as Client;

  describe('@McpResource', () => {
    it('should list fixed URIs as resources and templates as resource templates', async () => {
      expect(c().getServerCapabilities()).toMatchObject({
        resources: { subscribe: true },
        prompts: {},
        completions: {},
      });
      expect((await c().listResources()).resources).toEqual([
        { uri: 'library://readme', name: 'readme', title: 'Read me', description: 'About the library' },
        { uri: 'library://cover.png', name: 'cover', mimeType: 'image/png' },
      ]);
      expect((await c().listResourceTemplates()).resourceTemplates).toEqual([
        { uriTemplate: 'library://books/{isbn}', name: 'book', mimeType: 'application/json' },
      ]);
    });

    it('should read text, bytes as a base64 blob, and a template with its variables and ToolContext', async () => {
      expect((await c().readResource({ uri: 'library://readme' })).contents).toEqual([
        { uri: 'library://readme', mimeType: 'text/plain', text: 'Welcome' },
      ]);
      expect((await c().readResource({ uri: 'library://cover.png' })).contents).toEqual([
        { uri: 'library://cover.png', mimeType: 'image/png', blob: Buffer.from([137, 80, 78, 71]).toString('base64') },
      ]);
      const book = await c().readResource({ uri: 'library://books/978-1' });
      expect(JSON.parse('text' in book.contents[0] ? book.contents[0].text : '')).toEqual({
        isbn: '978-1',
        reader: 'u7',
      });
    });

    it('should answer an unknown URI with -32002 and a failing read with its McpToolError message', async () => {
      await expect(c().readResource({ uri: 'library://nope' })).rejects.toMatchObject({
        code: -32002,
        message: 'MCP error -32002: Resource not found: library://nope',
      });
      await expect(c().readResource({ uri: 'library://books/0' })).rejects.toMatchObject({
        message: 'MCP error -32603: No book with ISBN 0.',
      });
    });

    it('should notify only subscribed clients of an update', async () => {
      const updated: string[] = [];
      c().setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
      await c().subscribeResource({ uri: 'library://readme' });
      await server.notifyResourceUpdated('library://cover.png');
      await server.notifyResourceUpdated('library://readme');
      await c().unsubscribeResource({ uri: 'library://readme' });
      await server.notifyResourceUpdated('library://readme');
      await c().ping(); // a round trip after the notifications
      expect(updated).toEqual(['library://readme']);
    });
  });

  describe('@McpPrompt', () => {
    it('should list the arguments from the manifest with @McpArg descriptions', async () => {
      expect((await c().listPrompts()).prompts).toEqual([
        {
          name: 'review',
          title: 'Review a book',
          description: 'Asks for a review of a book',
          arguments: [
            { name: 'isbn', description: 'The book, e.g. 978-1', required: true },
            { name: 'tone', description: 'e.g. friendly', required: false },
          ],
        },
      ]);
    });

    it('should turn a string into one user message', async () => {
      const result = await c().getPrompt({ name: 'review', arguments: { isbn: '978-1', tone: 'dry' } });
      expect(result.messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'Review 978-1 in a dry tone.' } },
      ]);
    });

    it('should reject missing required arguments and unknown prompts with -32602', async () => {
      await expect(c().getPrompt({ name: 'review', arguments: {} })).rejects.toMatchObject({ code: -32602 });
      await expect(c().getPrompt({ name: 'nope' })).rejects.toMatchObject({
        code: -32602,
        message: "MCP error -32602: Unknown prompt 'nope'. Available prompts: review",
      });
    });
  });

  describe('@McpComplete', () => {
    it('should complete a prompt argument, and answer no values for other references', async () => {
      const isbn = await c().complete({
        ref: { type: 'ref/prompt', name: 'review' },
        argument: { name: 'isbn', value: '978' },
      });
      expect(isbn.completion).toEqual({ values: ['978-1', '978-2'], total: 2, hasMore: false });
      const other = await c().complete({
        ref: { type: 'ref/prompt', name: 'other' },
        argument: { name: 'x', value: '' },
      });
      expect(other.completion.values).toEqual([]);
    });
  });
});
