import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  DefaultToolCallingManager,
  FunctionToolCallback,
  Prompt,
  RequestAbortedError,
  type ToolContext,
  ToolSchemaRegistry,
} from '@sprout-ai/core';
import { assistantToolCalls, captureLogLines, errorOf } from '@sprout-ai/test';
import { loadCase } from '../__fixtures__/cases';
import { declareRecordTools, RECORD_TOOLS_MANIFEST } from '../__fixtures__/record-tools';
import { McpClientConnection } from '../client/mcp-client-connection';
import { McpToolCallbackProvider } from '../client/mcp-tool-callback-provider';
import { mcpToolCallbacks } from './mcp-tool-callbacks';
import { type McpHttpServerHandle, McpToolServer } from './mcp-tool-server';

// Spawns real servers; generous for a loaded 2-CPU CI machine (speed is not asserted).
jest.setTimeout(30_000);

const registry = new ToolSchemaRegistry().register(RECORD_TOOLS_MANIFEST);
const RecordTools = declareRecordTools();

/** The server of the order app's shape: the bearer token is the user id. */
function recordServer(): McpToolServer {
  return new McpToolServer({
    toolCallbacks: mcpToolCallbacks([new RecordTools()], registry),
    serverInfo: { name: 'records', version: '1.2.3' },
    toolContextFactory: (request) => ({ userId: request.authInfo?.clientId }),
  });
}

function bearer(req: { headers: Record<string, string | string[] | undefined> }) {
  const match = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''));
  return match ? { token: match[1], clientId: match[1], scopes: [] } : undefined;
}

function textOf(result: unknown): string {
  return ((result as { content: { text: string }[] }).content[0] ?? { text: '' }).text;
}

describe(McpToolServer, () => {
  describe('.listen (streamable HTTP on 127.0.0.1)', () => {
    let http: McpHttpServerHandle | undefined;
    let client: Client | undefined;

    afterEach(async () => {
      await client?.close();
      await http?.close();
      client = undefined;
      http = undefined;
    });

    async function connect(headers: Record<string, string> = {}): Promise<Client> {
      http = await recordServer().listen({ authenticate: bearer });
      client = new Client({ name: 'test-client', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers } }));
      return client;
    }

    it('should list the @McpTool methods with their generated schemas', async () => {
      const c = await connect();

      const { tools } = await c.listTools();

      expect(http?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(c.getServerVersion()).toMatchObject({ name: 'records', version: '1.2.3' });
      expect(tools.map((t) => t.name)).toEqual(['listRecords', 'getRecord']);
      expect(tools[1].inputSchema).toEqual({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { id: { type: 'string', description: 'The record id, e.g. r1' } },
        required: ['id'],
        additionalProperties: false,
      });
    });

    it('should pass the caller identity from the bearer token into the ToolContext', async () => {
      const c = await connect({ Authorization: 'Bearer u7' });
      const result = await c.callTool({ name: 'listRecords', arguments: { limit: 5 } });
      expect(JSON.parse(textOf(result))).toEqual({ limit: 5, userId: 'u7' });
    });

    it('should pass the message of an error meant for the caller', async () => {
      const c = await connect();
      const result = await c.callTool({ name: 'getRecord', arguments: { id: 'missing' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe("Record 'missing' does not exist.");
    });

    it('should hide the details of an unexpected exception behind a generic message', async () => {
      const c = await connect();
      const result = await c.callTool({ name: 'getRecord', arguments: { id: 'crash' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^Tool 'getRecord' failed with an internal error \(reference [0-9a-f]{8}\)\.$/);
      expect(textOf(result)).not.toContain('hunter2');
    });

    it('should log what failed under the reference it answered with, with the password of a URL masked', async () => {
      const c = await connect();
      const logs = captureLogLines();
      let result: Awaited<ReturnType<Client['callTool']>>;
      let lines: string[];
      try {
        result = await c.callTool({ name: 'getRecord', arguments: { id: 'crash' } });
        lines = await logs.lines();
      } finally {
        logs.restore();
      }

      const reference = /\(reference ([0-9a-f]{8})\)/.exec(textOf(result))?.[1] ?? 'missing from the answer';
      const failures = lines.filter((line) => line.includes(`reference ${reference}`));
      expect(failures).toHaveLength(1);
      expect(failures[0]).not.toContain('hunter2');
      const record = JSON.parse(failures[0]) as { msg: string; err: { message: string; stack: string } };
      // The reference is the failure's ToolExecutionError.errorId, logged with the error.
      expect(record).toMatchObject({ level: 50, tool: 'getRecord', reference, err: { errorId: reference } });
      expect(record.msg).toBe(`MCP tool 'getRecord' failed (reference ${reference})`);
      expect(record.err.message).toContain('connection to db://admin:***@10.0.0.5 refused');
      expect(record.err.stack).toContain('connection to db://admin:***@10.0.0.5 refused');
    });

    it('should tell the caller what is wrong with invalid arguments', async () => {
      const c = await connect();
      const result = await c.callTool({ name: 'getRecord', arguments: { id: 42 } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/Invalid arguments for tool 'getRecord': \/id must be string/);
    });

    it('should answer an unknown tool with a JSON-RPC error listing the tools', async () => {
      const c = await connect();
      await expect(c.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(
        /Unknown tool 'nope'.*listRecords, getRecord/,
      );
    });

    it('should treat a tools/call without arguments as {} (03-missing-arguments, server side)', async () => {
      http = await recordServer().listen();
      const { request } = loadCase('03-missing-arguments');
      const post = await rawSession(http.url);

      const response = await post(request);
      const data = (await response.text()).split('\n').find((line) => line.startsWith('data: '));
      const message = JSON.parse(data?.slice('data: '.length) ?? '{}') as { id: number; result: unknown };

      expect(message.id).toBe(3);
      expect((message.result as { isError?: boolean }).isError).toBeUndefined();
      expect(JSON.parse(textOf(message.result))).toEqual({ limit: 20, userId: null });
    });

    it("should serve Sprout's own McpToolCallbackProvider over streamable HTTP, headers included", async () => {
      http = await recordServer().listen({ authenticate: bearer });
      const connection = new McpClientConnection({
        name: 'records',
        transport: { type: 'streamable-http', url: http.url, headers: { Authorization: 'Bearer u8' } },
      });
      const provider = await McpToolCallbackProvider.create({ connections: [connection] });
      try {
        const listRecords = provider.getToolCallbacks().find((c) => c.toolDefinition.name === 'listRecords');
        expect(JSON.parse((await listRecords?.call('')) ?? '')).toEqual({ limit: 20, userId: 'u8' });
      } finally {
        await provider.close();
      }
    });

    describe('when the client cancels a call (notifications/cancelled)', () => {
      /** A tool that runs until its signal aborts, then rejects as `fetch(url, { signal })` would. */
      function waitingServer(): { server: McpToolServer; aborted: Promise<unknown> } {
        let onAbort: (reason: unknown) => void = () => undefined;
        const aborted = new Promise<unknown>((resolve) => (onAbort = resolve));
        const wait = FunctionToolCallback.builder(
          'wait',
          (_input: object, context: ToolContext) =>
            new Promise<string>((resolve, reject) => {
              const timer = setTimeout(() => resolve('waited 20 s'), 20_000);
              context.signal.addEventListener('abort', () => {
                clearTimeout(timer);
                onAbort(context.signal.reason);
                reject(new Error(`stopped: ${String(context.signal.reason)}`));
              });
            }),
        )
          .description('Waits until cancelled')
          .build();
        return { server: new McpToolServer({ toolCallbacks: [wait] }), aborted };
      }

      async function waitThroughLoop(abortAfterMs: number): Promise<{ error: unknown; elapsedMs: number }> {
        const served = waitingServer();
        http = await served.server.listen();
        const connection = new McpClientConnection({
          name: 'w',
          transport: { type: 'streamable-http', url: http.url },
        });
        const provider = await McpToolCallbackProvider.create({ connections: [connection] });
        try {
          const prompt = new Prompt('go', { toolCallbacks: [...provider.getToolCallbacks()] });
          const controller = new AbortController();
          setTimeout(() => controller.abort(), abortAfterMs);
          const started = performance.now();
          const error = await errorOf(
            DefaultToolCallingManager.builder()
              .build()
              .executeToolCalls(prompt, assistantToolCalls([{ name: 'wait' }]), { signal: controller.signal }),
          );
          const elapsedMs = performance.now() - started;
          // The SDK's notifications/cancelled carries the client's reason as text.
          await expect(Promise.race([served.aborted, delay(5_000, 'not aborted')])).resolves.toBe(
            'AbortError: This operation was aborted',
          );
          return { error, elapsedMs };
        } finally {
          await provider.close();
        }
      }

      it("should abort the tool's toolContext.signal on the server, and log no failure", async () => {
        const logs = captureLogLines();
        try {
          const { error, elapsedMs } = await waitThroughLoop(200);

          expect(error).toBeInstanceOf(RequestAbortedError);
          expect(elapsedMs).toBeLessThan(5_000);
          const errors = (await logs.records()).filter((r) => (r.level as number) >= 50);
          expect(errors).toEqual([]);
        } finally {
          logs.restore();
        }
      });

      it('should end the HTTP response stream of the cancelled call', async () => {
        const served = waitingServer();
        http = await served.server.listen();
        const post = await rawSession(http.url);
        const call = await post({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'wait', arguments: {} },
        });
        const body = call.text();

        await post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'gone' } });

        await expect(served.aborted).resolves.toBe('gone');
        const ended = await Promise.race([body.then(() => 'ended'), delay(5_000, 'still open')]);
        expect(ended).toBe('ended');
      });
    });

    it('should refuse a Host header that is not the server address (DNS rebinding)', async () => {
      http = await recordServer().listen();
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(http?.url ?? '', { method: 'POST', headers: { host: 'evil.example:80' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end('{}');
      });
      expect(status).toBe(403);
    });
  });

  describe('.connectStdio', () => {
    it('should speak newline-delimited JSON-RPC and write nothing else to stdout', async () => {
      const stdin = new PassThrough();
      const stdout = new PassThrough();
      const lines: string[] = [];
      stdout.on('data', (chunk: Buffer) =>
        lines.push(
          ...chunk
            .toString('utf8')
            .split('\n')
            .filter((l) => l !== ''),
        ),
      );
      const handle = await recordServer().connectStdio(stdin, stdout);
      try {
        const send = (message: unknown) => stdin.write(`${JSON.stringify(message)}\n`);
        send({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        });
        send({ jsonrpc: '2.0', method: 'notifications/initialized' });
        send(loadCase('03-missing-arguments').request);
        await waitFor(() => lines.length >= 2);

        const messages = lines.map((line) => JSON.parse(line) as { id: number; result: unknown });
        expect(messages.map((m) => m.id)).toEqual([1, 3]);
        expect(JSON.parse(textOf(messages[1].result))).toEqual({ limit: 20, userId: null });
      } finally {
        await handle.close();
      }
    });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Opens a streamable HTTP session by hand; the returned `post` sends one JSON-RPC message in it. */
async function rawSession(url: string): Promise<(body: unknown) => Promise<Response>> {
  const post = (body: unknown, sessionId?: string) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' } : {}),
      },
      body: JSON.stringify(body),
    });
  const init = await post({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  const sessionId = init.headers.get('mcp-session-id') ?? '';
  await init.text();
  await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, sessionId)).text();
  return (body) => post(body, sessionId);
}

function delay<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}
