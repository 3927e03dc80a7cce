// Entry point of `node dist/main.js [--port N]`: serves the conformance tools over streamable HTTP
// (resumable streams) on 127.0.0.1 and prints `listening on <url>` on stdout once it accepts connections.
import 'reflect-metadata';
import { resolve } from 'node:path';
import { toolSchemaRegistry } from '@sprout-ai/core';
import { InMemoryMcpEventStore, mcpServerFeatures, mcpToolCallbacks, McpToolServer } from '@sprout-ai/mcp';
import { ConformancePrompts, ConformanceResources } from './conformance-resources';
import { ConformanceTools, JsonSchemaTools } from './conformance-tools';

async function main(argv: readonly string[]): Promise<void> {
  const portAt = argv.indexOf('--port');
  const port = portAt === -1 ? 0 : Number(argv[portAt + 1]);
  toolSchemaRegistry.loadFile(resolve(__dirname, 'tool-schemas.json'));
  const server = new McpToolServer({
    toolCallbacks: mcpToolCallbacks([new ConformanceTools(), new JsonSchemaTools()]),
    features: mcpServerFeatures([new ConformanceResources(), new ConformancePrompts()]),
    serverInfo: { name: 'sprout-conformance-server', version: '0.1.0' },
  });
  // Resumable streams (SEP-1699) for the suite's server-sse-polling scenario.
  const http = await server.listen({ port, eventStore: new InMemoryMcpEventStore() });
  process.stdout.write(`listening on ${http.url}\n`);
  const stop = (): void => void http.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`mcp-conformance-server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
