import { join } from 'node:path';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { McpClientConnection } from '../client/mcp-client-connection';

/** The entry of `@modelcontextprotocol/server-everything` (run with `node <entry> stdio`). */
export const EVERYTHING_ENTRY = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** A stdio connection to server-everything, its stderr silenced. */
export function everythingConnection(name = 'everything', requestTimeoutMs?: number): McpClientConnection {
  return new McpClientConnection({
    name,
    requestTimeoutMs,
    transport: { type: 'stdio', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'], stderr: 'ignore' },
  });
}

/**
 * A stdio connection to the fixture server (`fixture-mcp-server.cjs`).
 *
 * @param tools - extra tools to list; with `only`, the built-ins are left out
 */
export function fixtureConnection(
  name = 'fixture',
  options: { tools?: readonly Partial<McpTool>[]; only?: boolean; requestTimeoutMs?: number } = {},
): McpClientConnection {
  return new McpClientConnection({
    name,
    requestTimeoutMs: options.requestTimeoutMs,
    transport: {
      type: 'stdio',
      command: process.execPath,
      args: [join(__dirname, 'fixture-mcp-server.cjs')],
      env: { FIXTURE_TOOLS: JSON.stringify(options.tools ?? []), FIXTURE_ONLY: String(options.only ?? false) },
      stderr: 'ignore',
    },
  });
}
