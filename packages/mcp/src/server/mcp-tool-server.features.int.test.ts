import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  LoggingMessageNotificationSchema,
  type LoggingMessageNotification,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import { declareStudioTools, STUDIO_TOOLS_MANIFEST } from '../__fixtures__/studio-tools';
import { mcpToolCallbacks } from './mcp-tool-callbacks';
import { type McpHttpServerHandle, McpToolServer } from './mcp-tool-server';

// Real server on 127.0.0.1, real SDK client; generous for a loaded machine (speed is not asserted).
jest.setTimeout(30_000);

const StudioTools = declareStudioTools();
const registry = new ToolSchemaRegistry().register(STUDIO_TOOLS_MANIFEST);

describe(McpToolServer, () => {
  let http: McpHttpServerHandle | undefined;
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    await http?.close();
    client = http = undefined;
  });

  async function connect(capabilities = {}): Promise<Client> {
    http = await new McpToolServer({ toolCallbacks: mcpToolCallbacks([new StudioTools()], registry) }).listen();
    client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    return client;
  }

  it('should list each tool with its title and annotations', async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools[0]).toMatchObject({
      name: 'chart',
      title: 'Render a chart',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    });
    expect(tools[1].annotations).toEqual({ destructiveHint: true });
    expect(tools[3]).not.toHaveProperty('annotations');
    expect(tools[3]).not.toHaveProperty('title');
    expect(tools[3]).not.toHaveProperty('outputSchema');
  });

  it('should list the output schema of an object result and send the object as structuredContent', async () => {
    const c = await connect();
    const { tools } = await c.listTools();
    expect(tools[2]).toMatchObject({ name: 'stock', outputSchema: { type: 'object', required: ['title', 'copies'] } });
    const result = await c.callTool({ name: 'stock', arguments: {} });
    expect(result.structuredContent).toEqual({ title: 'Dune', copies: 3 });
    expect(result.content).toEqual([{ type: 'text', text: '{"title":"Dune","copies":3}' }]);
  });

  it('should send the parts of a returned McpToolResult, bytes as base64', async () => {
    const result = await (await connect()).callTool({ name: 'chart', arguments: {} });
    expect(result.content).toEqual([
      { type: 'text', text: 'Sales:' },
      { type: 'image', data: Buffer.from([1, 2, 3]).toString('base64'), mimeType: 'image/png' },
    ]);
  });

  it('should send audio, embedded text and binary resources and a resource link as typed parts', async () => {
    const result = await (await connect()).callTool({ name: 'attachments', arguments: {} });
    expect(result.content).toEqual([
      { type: 'audio', data: Buffer.from('RIFF').toString('base64'), mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'studio://takes/7/transcript', mimeType: 'text/plain', text: 'one, two' } },
      {
        type: 'resource',
        resource: { uri: 'studio://takes/7/waveform', mimeType: 'application/octet-stream', blob: 'AP8=' },
      },
      { type: 'resource_link', uri: 'studio://takes/7', name: 'take-7.wav', mimeType: 'audio/wav' },
    ]);
  });

  it('should answer the newest protocol version the SDK knows, also to a client asking for a newer one', async () => {
    http = await new McpToolServer({ toolCallbacks: [] }).listen();
    const versionFor = async (protocolVersion: string) => {
      const response = await fetch(http!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      });
      const data = /^data: (.+)$/m.exec(await response.text())?.[1] ?? '{}';
      return (JSON.parse(data) as { result?: { protocolVersion?: string } }).result?.protocolVersion;
    };

    // docs/mcp.md names the revisions served
    expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07']);
    expect(await versionFor('2025-11-25')).toBe('2025-11-25');
    expect(await versionFor('2025-03-26')).toBe('2025-03-26');
    expect(await versionFor('2099-01-01')).toBe('2025-11-25');
  });

  it('should send progress for the request token, and logs at or above the level the client set', async () => {
    const c = await connect();
    const logs: LoggingMessageNotification['params'][] = [];
    c.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
    await c.setLoggingLevel('info');
    const progress: Progress[] = [];
    const result = await c.request(
      { method: 'tools/call', params: { name: 'importAll', arguments: {}, _meta: { progressToken: 't1' } } },
      CallToolResultSchema,
      { onprogress: (p) => void progress.push(p) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'imported' }]);
    expect(progress).toEqual([
      { progress: 1, total: 2, message: 'half' },
      { progress: 2, total: 2 },
    ]);
    expect(logs).toEqual([{ level: 'warning', data: { skipped: 1 } }]);
  });

  it('should ask the client for elicitation and sampling within the call', async () => {
    const c = await connect({ elicitation: {}, sampling: {} });
    c.setRequestHandler(ElicitRequestSchema, (request) => {
      expect(request.params.message).toBe('Your name?');
      return { action: 'accept', content: { name: 'Ada' } };
    });
    c.setRequestHandler(CreateMessageRequestSchema, (request) => ({
      role: 'assistant',
      content: { type: 'text', text: `Hello ${JSON.stringify(request.params.messages[0].content)}` },
      model: 'test-model',
    }));
    const result = await c.callTool({ name: 'ask', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'accept: Hello {"type":"text","text":"Greet Ada"}' }]);
  });

  it('should answer isError with what is missing when the client cannot elicit', async () => {
    const result = await (await connect()).callTool({ name: 'ask', arguments: {} });
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'The MCP client does not support elicitation.' }],
    });
  });

  it('should name an unknown tool in a -32602 error prefixed once', async () => {
    const c = await connect();
    await expect(c.callTool({ name: 'nope', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: "MCP error -32602: Unknown tool 'nope'. Available tools: chart, importAll, stock, ask, attachments",
    });
  });
});

describe('McpToolServer.listen({ stateless: true })', () => {
  let http: McpHttpServerHandle | undefined;
  afterEach(async () => {
    await http?.close();
    http = undefined;
  });

  it('should answer every POST without a session, so any instance can take the next request', async () => {
    http = await new McpToolServer({ toolCallbacks: mcpToolCallbacks([new StudioTools()], registry) }).listen({
      stateless: true,
    });
    const transport = new StreamableHTTPClientTransport(new URL(http.url));
    const c = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    await c.connect(transport);
    try {
      expect(transport.sessionId).toBeUndefined();
      expect((await c.callTool({ name: 'chart', arguments: {} })).content).toHaveLength(2);
      expect(await c.callTool({ name: 'ask', arguments: {} })).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'This MCP server is stateless: it cannot ask the client for elicitation.' }],
      });
    } finally {
      await c.close();
    }
    const get = await fetch(http.url, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    await get.text();
  });
});
