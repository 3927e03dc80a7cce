import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';

// Spawns real servers; generous for a loaded 2-CPU CI machine (speed is not asserted).
jest.setTimeout(30_000);

const MAIN = join(__dirname, '..', 'dist', 'main.js');

function resultOf(result: unknown): Record<string, unknown> {
  const [part] = (result as { content: { type: string; text: string }[] }).content;
  return JSON.parse(part.text) as Record<string, unknown>;
}

describe('mcp-order-server (dist/main.js)', () => {
  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm test does).`);
  });

  describe('--transport stdio', () => {
    let client: Client | undefined;

    afterEach(async () => {
      await client?.close();
      client = undefined;
    });

    async function connect(args: string[], env: Record<string, string> = {}): Promise<Client> {
      client = new Client({ name: 'sdk-test', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [MAIN, '--transport', 'stdio', ...args],
          env,
          stderr: 'ignore',
        }),
      );
      return client;
    }

    it('should serve getOrderStatus to the official SDK client for the --user it was started for', async () => {
      const c = await connect(['--user', 'u7']);

      const { tools } = await c.listTools();
      const result = await c.callTool({ name: 'getOrderStatus', arguments: { orderId: 'A123' } });

      expect(c.getServerVersion()).toMatchObject({ name: 'order-server' });
      expect(tools.map((t) => t.name)).toEqual(['getOrderStatus', 'trackOrders']);
      expect(tools[0]).toMatchObject({
        title: 'Order status',
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
        inputSchema: { properties: { orderId: { type: 'string' } }, required: ['orderId'] },
        outputSchema: { type: 'object', required: ['code'] },
      });
      expect(resultOf(result)).toEqual({ code: 'OK', orderId: 'A123', status: '运输中' });
      expect(result.structuredContent).toEqual({ code: 'OK', orderId: 'A123', status: '运输中' });
    });

    it('should take the user from SPROUT_MCP_USER_ID and keep other users’ orders hidden', async () => {
      const c = await connect([], { SPROUT_MCP_USER_ID: 'u8' });
      const result = await c.callTool({ name: 'getOrderStatus', arguments: { orderId: 'A123' } });
      expect(resultOf(result)).toMatchObject({ code: 'NOT_FOUND_OR_FORBIDDEN' });
    });

    it('should answer AUTH_REQUIRED when started for nobody, whatever _meta says', async () => {
      const c = await connect([]);
      const result = await c.callTool({
        name: 'getOrderStatus',
        arguments: { orderId: 'A123' },
        _meta: { userId: 'u7' },
      });
      expect(resultOf(result)).toMatchObject({ code: 'AUTH_REQUIRED' });
    });

    it('should write nothing but JSON-RPC messages to stdout', async () => {
      const child = spawn(process.execPath, [MAIN, '--transport', 'stdio', '--user', 'u7'], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      try {
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
        const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
        send({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        });
        send({ jsonrpc: '2.0', method: 'notifications/initialized' });
        send({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'getOrderStatus', arguments: { orderId: 'A200' } },
        });
        await waitFor(() => stdout.split('\n').filter((l) => l !== '').length >= 2);
        child.stdin.end();
        await exited(child);

        const lines = stdout.split('\n').filter((line) => line !== '');
        const messages = lines.map((line) => JSON.parse(line) as { jsonrpc: string; id: number });
        expect(messages.map((m) => [m.jsonrpc, m.id])).toEqual([
          ['2.0', 1],
          ['2.0', 2],
        ]);
        expect(stdout).toContain('待发货');
      } finally {
        child.kill();
      }
    });
  });

  describe('--transport http', () => {
    let child: ChildProcess | undefined;

    afterEach(async () => {
      if (child !== undefined && child.exitCode === null) {
        child.kill('SIGTERM');
        await exited(child);
      }
      child = undefined;
    });

    async function startHttp(): Promise<string> {
      const started = spawn(process.execPath, [MAIN, '--transport', 'http', '--port', '0'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      let stderr = '';
      started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      await waitFor(() => /listening on (\S+)/.test(stderr) || started.exitCode !== null, 20_000);
      const url = /listening on (\S+)/.exec(stderr)?.[1];
      if (url === undefined) throw new Error(`server did not start: ${stderr}`);
      return url;
    }

    async function callAs(
      url: string,
      headers: Record<string, string>,
      orderId: string,
    ): Promise<Record<string, unknown>> {
      const client = new Client({ name: 'sdk-test', version: '1.0.0' });
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
        return resultOf(await client.callTool({ name: 'getOrderStatus', arguments: { orderId } }));
      } finally {
        await client.close();
      }
    }

    it('should listen on 127.0.0.1 at /mcp and take the caller from the bearer token', async () => {
      const url = await startHttp();

      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(await callAs(url, { Authorization: 'Bearer u7' }, 'A123')).toEqual({
        code: 'OK',
        orderId: 'A123',
        status: '运输中',
      });
      expect(await callAs(url, { Authorization: 'Bearer u8' }, 'A123')).toMatchObject({
        code: 'NOT_FOUND_OR_FORBIDDEN',
      });
      expect(await callAs(url, {}, 'A123')).toMatchObject({ code: 'AUTH_REQUIRED' });
    });

    it('should report progress per order of trackOrders', async () => {
      const url = await startHttp();
      const client = new Client({ name: 'sdk-test', version: '1.0.0' });
      try {
        await client.connect(
          new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: 'Bearer u7' } } }),
        );
        const progress: Progress[] = [];
        const result = await client.callTool(
          { name: 'trackOrders', arguments: { orderIds: ['A123', 'A999'] } },
          undefined,
          {
            onprogress: (p) => void progress.push(p),
          },
        );
        expect(progress).toEqual([
          { progress: 1, total: 2, message: 'Looked up A123' },
          { progress: 2, total: 2, message: 'Looked up A999' },
        ]);
        expect(JSON.parse((result.content as { text: string }[])[0].text)).toMatchObject([{ code: 'OK' }, {}]);
      } finally {
        await client.close();
      }
    });
  });

  describe('with a bad command line', () => {
    it('should exit 2 and say what to fix on stderr', async () => {
      const bad = spawn(process.execPath, [MAIN, '--transport', 'carrier-pigeon'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      bad.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      bad.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      const code = await exited(bad);
      expect(code).toBe(2);
      expect(stderr).toContain("--transport must be stdio or http (got 'carrier-pigeon')");
      expect(stdout).toBe('');
    });
  });
});

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
