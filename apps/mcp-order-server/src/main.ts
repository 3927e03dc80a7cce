// Entry point of `npm start -w apps/mcp-order-server -- --transport stdio|http [--port N]`.
// stdout carries only MCP protocol messages (stdio transport); everything else goes to stderr.
import { resolve } from 'node:path';
import { runMcpOrderServer } from './mcp-order-server-cli';

// Compiled to dist/main.js, so the app directory (application.properties, dist/tool-schemas.json) is one up.
runMcpOrderServer(process.argv.slice(2), { appDir: resolve(__dirname, '..') }).then(
  (server) => {
    if (typeof server === 'number') {
      process.exitCode = server;
      return;
    }
    const stop = (): void => {
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // A stdio server ends when its client closes stdin.
    process.stdin.once('end', stop);
  },
  (error: unknown) => {
    process.stderr.write(`mcp-order-server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
