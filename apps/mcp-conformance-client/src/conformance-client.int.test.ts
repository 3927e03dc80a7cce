import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { conformanceProperties, runConformanceClient } from './conformance-client';

jest.setTimeout(30_000);

/** A stateless MCP server on 127.0.0.1 with the suite's `add_numbers` tool; records each call's arguments. */
async function addNumbersServer(calls: unknown[]): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const mcp = new McpServer({ name: 'add', version: '1.0.0' }, { capabilities: { tools: {} } });
    mcp.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [
        {
          name: 'add_numbers',
          inputSchema: {
            type: 'object',
            properties: { a: { type: 'number' }, b: { type: 'number' } },
            required: ['a', 'b'],
          },
        },
      ],
    }));
    mcp.setRequestHandler(CallToolRequestSchema, (request) => {
      calls.push(request.params.arguments);
      return { content: [{ type: 'text', text: 'sum' }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    void mcp.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server };
}

describe(runConformanceClient, () => {
  it('should connect as configured by properties, list the tools and call each with sample arguments', async () => {
    const calls: unknown[] = [];
    const { url, server } = await addNumbersServer(calls);
    const lines: string[] = [];
    try {
      const failures = await runConformanceClient({
        serverUrl: url,
        scenario: 'tools_call',
        log: (line) => lines.push(line),
      });

      expect(failures).toBe(0);
      expect(calls).toEqual([{ a: 1, b: 1 }]);
      expect(lines).toEqual(['tool add_numbers: sum']);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe(conformanceProperties, () => {
  const oauth = 'sprout.mcp.client.streamable-http.connections.conformance.oauth';

  it('should configure OAuth with the pre-registered client of an auth scenario', () => {
    const properties = conformanceProperties({
      serverUrl: 'http://localhost:4000/mcp',
      scenario: 'auth/pre-registration',
      context: { client_id: 'c1', client_secret: 's1' },
    });

    expect(properties).toMatchObject({
      'spring.ai.mcp.client.streamable-http.connections.conformance.url': 'http://localhost:4000/mcp',
      [`${oauth}.client-id`]: 'c1',
      [`${oauth}.client-secret`]: 's1',
      [`${oauth}.redirect-uri`]: 'http://localhost:3000/callback',
    });
  });

  it("should configure cross-app access with the scenario's identity provider", () => {
    const properties = conformanceProperties({
      serverUrl: 'http://localhost:4000/mcp',
      scenario: 'auth/cross-app-access-complete-flow',
      context: {
        client_id: 'c1',
        client_secret: 's1',
        idp_client_id: 'i1',
        idp_token_endpoint: 'http://localhost:5000/token',
      },
    });

    expect(properties).toMatchObject({
      [`${oauth}.authorization-grant-type`]: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      [`${oauth}.client-id`]: 'c1',
      [`${oauth}.client-secret`]: 's1',
      [`${oauth}.identity-provider.token-uri`]: 'http://localhost:5000/token',
      [`${oauth}.identity-provider.client-id`]: 'i1',
    });
  });

  it('should configure no OAuth for other scenarios', () => {
    const properties = conformanceProperties({ serverUrl: 'http://localhost:4000', scenario: 'initialize' });

    expect(Object.keys(properties).filter((key) => key.includes('oauth'))).toEqual([]);
  });
});
