import { getEventListeners } from 'node:events';
import { createServer } from 'node:net';
import { fixtureConnection, fixtureLog } from '../__fixtures__/fixture-connections';
import { McpClientConnection } from './mcp-client-connection';
import { McpConnectionError } from './mcp-connection-error';

// Spawns real servers; generous for a loaded 2-CPU CI machine (speed is only bounded loosely).
jest.setTimeout(30_000);

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe(McpClientConnection, () => {
  describe('.connect when the server cannot be reached', () => {
    it('should say which connection failed and where, with the password of its URL masked', async () => {
      const port = await closedPort();
      const connection = new McpClientConnection({
        name: 'records',
        transport: { type: 'streamable-http', url: `http://admin:hunter2@127.0.0.1:${port}/mcp` },
        connectTimeoutMs: 5_000,
      });

      const error: unknown = await connection.connect().then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      await connection.close();

      expect(error).toBeInstanceOf(McpConnectionError);
      const { message, target } = error as McpConnectionError;
      expect(message).toContain(`Cannot connect to MCP server 'records' (http://admin:***@127.0.0.1:${port}/mcp): `);
      expect(message).not.toContain('hunter2');
      expect(target).toBe(`http://admin:***@127.0.0.1:${port}/mcp`);
    });
  });

  describe('.callTool with a signal', () => {
    let connection: McpClientConnection;

    afterEach(async () => {
      await connection.close();
    });

    describe('when the signal aborts during the call', () => {
      it("should reject with the signal's reason and send the server notifications/cancelled", async () => {
        connection = fixtureConnection();
        await connection.connect();
        const controller = new AbortController();
        const reason = new Error('user left');

        const call = connection.callTool('sleep', { ms: 20_000 }, undefined, controller.signal);
        setTimeout(() => controller.abort(reason), 100);

        await expect(call).rejects.toBe(reason);
        const log = await fixtureLog(connection);
        const sleep = log.find((e) => e.event === 'call' && e.tool === 'sleep');
        expect(log).toContainEqual({ event: 'cancelled', requestId: sleep?.id, reason: 'Error: user left' });
        expect(log).toContainEqual({ event: 'aborted', id: sleep?.id, tool: 'sleep' });
      });
    });

    describe('when the signal aborts while the session is being opened', () => {
      it('should reject at once and still open the session for later calls', async () => {
        connection = fixtureConnection('slow-start', { startDelayMs: 5_000 });
        const controller = new AbortController();
        const started = performance.now();

        const call = connection.callTool('echo-params', {}, undefined, controller.signal);
        setTimeout(() => controller.abort(), 100);

        await expect(call).rejects.toMatchObject({ name: 'AbortError' });
        expect(performance.now() - started).toBeLessThan(3_000);
        await expect(connection.callTool('pid', {})).resolves.toMatchObject({ content: [{ type: 'text' }] });
        expect((await fixtureLog(connection)).filter((e) => e.tool === 'echo-params')).toEqual([]);
      });
    });

    describe('when many calls share one long-lived signal', () => {
      it('should leave no listener on it, and cancel none of the finished calls when it aborts later', async () => {
        connection = fixtureConnection();
        const controller = new AbortController();

        for (let i = 0; i < 12; i++)
          await connection.callTool('echo-params', { text: `${i}` }, undefined, controller.signal);

        expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
        controller.abort();
        expect((await fixtureLog(connection)).filter((e) => e.event === 'cancelled')).toEqual([]);
      });
    });
  });
});
