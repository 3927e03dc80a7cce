import { createServer } from 'node:net';
import { McpClientConnection } from './mcp-client-connection';
import { McpConnectionError } from './mcp-connection-error';

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
});
