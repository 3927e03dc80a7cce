import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DuplicateToolNameError, ToolSchemaRegistry } from '@sprout-ai/core';
import type { McpHttpAuthenticator, McpToolContextFactory, McpToolMetadataResolver } from '@sprout-ai/mcp';
import { chatCompletion, errorOf, OpenAiWireServer } from '@sprout-ai/test';
import { ContainerModule } from 'inversify';
import { declareMcpToolClasses, MCP_FIXTURE_MANIFEST } from '../__fixtures__/mcp-tool-classes';
import { McpTokens } from '../mcp-tokens';
import { SproutApplication } from '../sprout-application';
import { McpClientAutoConfiguration } from './mcp-client-auto-configuration';
import { McpServerAutoConfiguration } from './mcp-server-auto-configuration';
import { startMcpServer } from './mcp-start-up';

// Spawns real servers; generous for a loaded 2-CPU CI machine (speed is not asserted).
jest.setTimeout(30_000);

const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** Properties connecting to server-everything over stdio as `everything`. */
function everythingProperties(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'spring.ai.mcp.client.stdio.connections.everything.command': process.execPath,
    'spring.ai.mcp.client.stdio.connections.everything.args[0]': EVERYTHING,
    'spring.ai.mcp.client.stdio.connections.everything.args[1]': 'stdio',
    ...extra,
  };
}

describe(McpClientAutoConfiguration, () => {
  const { LocalEchoTools } = declareMcpToolClasses();
  let app: SproutApplication | undefined;
  let wire: OpenAiWireServer | undefined;

  afterEach(async () => {
    await app?.close();
    await wire?.close();
    app = undefined;
    wire = undefined;
  });

  describe('when a stdio connection is configured', () => {
    it('should list its tools at start-up and let a ChatClient use them only when passed to .tools()', async () => {
      wire = await OpenAiWireServer.start({
        script: [
          chatCompletion({ content: 'no tools here' }),
          chatCompletion({ toolCalls: [{ id: 'c1', name: 'get-sum', arguments: { a: 1, b: 2 } }] }),
          chatCompletion({ content: 'three' }),
        ],
      });
      app = await SproutApplication.run({
        propertiesFile: false,
        env: {},
        schemaRegistry: new ToolSchemaRegistry(),
        properties: everythingProperties({
          'spring.ai.openai.api-key': 'k',
          'spring.ai.openai.base-url': wire.baseUrl,
        }),
      });
      const mcpTools = app.get(McpTokens.McpToolCallbackProvider);
      expect(mcpTools.getToolCallbacks().map((c) => c.toolDefinition.name)).toContain('get-sum');

      await app.chatClient().prompt('hi').call().content();
      const answer = await app.chatClient().prompt('1 + 2?').tools(mcpTools).call().content();

      expect(wire.requests[0].tools ?? []).toHaveLength(0);
      expect(wire.requests[1].tools?.map((t) => t.function.name)).toContain('get-sum');
      expect(wire.requests[2].messages.at(-1)).toMatchObject({ role: 'tool', content: 'The sum of 1 and 2 is 3.' });
      expect(answer).toBe('three');
    });

    it('should bind no provider when spring.ai.mcp.client.toolcallback.enabled=false', async () => {
      app = await SproutApplication.run({
        propertiesFile: false,
        env: {},
        schemaRegistry: new ToolSchemaRegistry(),
        properties: everythingProperties({
          'spring.ai.openai.api-key': 'k',
          'spring.ai.mcp.client.toolcallback.enabled': 'false',
        }),
      });
      expect(app.container.isBound(McpTokens.McpToolCallbackProvider)).toBe(false);
    });

    it('should fail start-up naming both sources when a local @Tool has the name of an MCP tool', async () => {
      const error = await errorOf(
        SproutApplication.run({
          propertiesFile: false,
          env: {},
          schemaRegistry: new ToolSchemaRegistry(),
          schemaManifest: MCP_FIXTURE_MANIFEST,
          modules: [new ContainerModule(({ bind }) => void bind(LocalEchoTools).toSelf())],
          properties: everythingProperties({ 'spring.ai.openai.api-key': 'k' }),
        }),
        DuplicateToolNameError,
      );

      expect(error.message).toContain('LocalEchoTools.echo');
      expect(error.message).toContain("MCP tool 'echo' of connection 'everything'");
    });

    it('should give the MCP tools the execution rules of a bound McpToolMetadataResolver', async () => {
      const rules: McpToolMetadataResolver = (info, tool) =>
        info.connectionName === 'everything' && tool.name === 'get-sum' ? { timeoutMs: 5_000 } : undefined;
      app = await SproutApplication.run({
        propertiesFile: false,
        env: {},
        schemaRegistry: new ToolSchemaRegistry(),
        modules: [
          new ContainerModule(({ bind }) => void bind(McpTokens.McpToolMetadataResolver).toConstantValue(rules)),
        ],
        properties: everythingProperties({ 'spring.ai.openai.api-key': 'k' }),
      });
      const metadata = new Map(
        app
          .get(McpTokens.McpToolCallbackProvider)
          .getToolCallbacks()
          .map((c) => [c.toolDefinition.name, c.toolMetadata]),
      );

      // Beside the rules, each tool's MCP annotations (server-everything annotates every tool).
      const { annotations: _sum, ...getSum } = metadata.get('get-sum') ?? {};
      const { annotations: _echo, ...echo } = metadata.get('echo') ?? {};
      expect(getSum).toEqual({ returnDirect: false, timeoutMs: 5_000 });
      expect(echo).toEqual({ returnDirect: false });
    });
  });

  describe('when a connection cannot be started', () => {
    it('should fail start-up naming the connection', async () => {
      const run = SproutApplication.run({
        propertiesFile: false,
        env: {},
        schemaRegistry: new ToolSchemaRegistry(),
        properties: {
          'spring.ai.openai.api-key': 'k',
          'spring.ai.mcp.client.stdio.connections.broken.command': process.execPath,
          'spring.ai.mcp.client.stdio.connections.broken.args': '-e,process.exit(3)',
        },
      });
      await expect(run).rejects.toThrow(/Cannot connect to MCP server 'broken'/);
    });
  });
});

describe(McpServerAutoConfiguration, () => {
  const { GreetingTools } = declareMcpToolClasses();
  let app: SproutApplication | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('should expose the bound @McpTool classes over streamable HTTP with the caller identity', async () => {
    const authenticate: McpHttpAuthenticator = (req) => {
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      return token === undefined ? undefined : { token, clientId: token, scopes: [] };
    };
    const toolContext: McpToolContextFactory = (request) => ({ userId: request.authInfo?.clientId });
    app = await SproutApplication.run({
      propertiesFile: false,
      env: {},
      schemaRegistry: new ToolSchemaRegistry(),
      schemaManifest: MCP_FIXTURE_MANIFEST,
      properties: { 'spring.ai.openai.api-key': 'k', 'spring.ai.mcp.server.name': 'greeter' },
      modules: [
        new ContainerModule(({ bind }) => {
          bind(GreetingTools).toSelf();
          bind(McpTokens.McpHttpAuthenticator).toConstantValue(authenticate);
          bind(McpTokens.McpToolContextFactory).toConstantValue(toolContext);
        }),
      ],
    });
    const server = await startMcpServer(app, { port: 0 });
    const client = new Client({ name: 'test', version: '1' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url ?? ''), {
          requestInit: { headers: { Authorization: 'Bearer u7' } },
        }),
      );
      expect(client.getServerVersion()?.name).toBe('greeter');
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['greet']);
      const result = await client.callTool({ name: 'greet', arguments: { name: 'Ann' } });
      expect(result.content).toEqual([{ type: 'text', text: 'Hello Ann, you are u7' }]);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('should prime each SSE stream with an event id and the retry interval when resumable=true', async () => {
    app = await SproutApplication.run({
      propertiesFile: false,
      env: {},
      schemaRegistry: new ToolSchemaRegistry(),
      schemaManifest: MCP_FIXTURE_MANIFEST,
      properties: {
        'spring.ai.openai.api-key': 'k',
        'sprout.mcp.server.streamable-http.resumable': 'true',
        'sprout.mcp.server.streamable-http.retry-interval': '250ms',
      },
      modules: [new ContainerModule(({ bind }) => void bind(GreetingTools).toSelf())],
    });
    const server = await startMcpServer(app, { port: 0 });
    try {
      const response = await fetch(server.url ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      });
      const body = await response.text(); // the stream ends with the initialize result
      expect(body).toMatch(/^id: \S+\nretry: 250\ndata: \n\n/);
    } finally {
      await server.close();
    }
  });

  it("should serve the bound classes' @McpPrompt methods, statelessly with protocol=STATELESS", async () => {
    app = await SproutApplication.run({
      propertiesFile: false,
      env: {},
      schemaRegistry: new ToolSchemaRegistry(),
      schemaManifest: MCP_FIXTURE_MANIFEST,
      properties: { 'spring.ai.openai.api-key': 'k', 'spring.ai.mcp.server.protocol': 'STATELESS' },
      modules: [new ContainerModule(({ bind }) => void bind(GreetingTools).toSelf())],
    });
    const server = await startMcpServer(app, { port: 0 });
    const transport = new StreamableHTTPClientTransport(new URL(server.url ?? ''));
    const client = new Client({ name: 'test', version: '1' });
    try {
      await client.connect(transport);
      expect(transport.sessionId).toBeUndefined();
      expect((await client.listPrompts()).prompts).toEqual([
        { name: 'welcome', description: 'A welcome message', arguments: [{ name: 'name', required: true }] },
      ]);
      const prompt = await client.getPrompt({ name: 'welcome', arguments: { name: 'Ann' } });
      expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Welcome, Ann!' } }]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
