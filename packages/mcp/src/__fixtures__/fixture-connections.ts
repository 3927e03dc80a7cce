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
 * @param options - `tools`: extra tools to list (with `only`, the built-ins are left out);
 *   `startDelayMs`: how long the server waits before it answers `initialize`
 */
export function fixtureConnection(
  name = 'fixture',
  options: {
    tools?: readonly Partial<McpTool>[];
    only?: boolean;
    requestTimeoutMs?: number;
    startDelayMs?: number;
  } = {},
): McpClientConnection {
  return new McpClientConnection({
    name,
    requestTimeoutMs: options.requestTimeoutMs,
    transport: {
      type: 'stdio',
      command: process.execPath,
      args: [join(__dirname, 'fixture-mcp-server.cjs')],
      env: {
        FIXTURE_TOOLS: JSON.stringify(options.tools ?? []),
        FIXTURE_ONLY: String(options.only ?? false),
        FIXTURE_START_DELAY_MS: String(options.startDelayMs ?? 0),
      },
      stderr: 'ignore',
    },
  });
}

/** One entry of the fixture server's `log` tool (see `fixture-mcp-server.cjs`). */
export interface FixtureLogEntry {
  readonly event: 'call' | 'cancelled' | 'aborted' | 'finished';
  /** The JSON-RPC id of the `tools/call` request (`call`, `aborted`, `finished`). */
  readonly id?: number;
  readonly tool?: string;
  /** The id a `notifications/cancelled` names. */
  readonly requestId?: number;
  readonly reason?: string;
}

/** What the fixture server behind `connection` has seen so far, in order. */
export async function fixtureLog(connection: McpClientConnection): Promise<FixtureLogEntry[]> {
  const result = await connection.callTool('log', {});
  return JSON.parse((result.content as { text: string }[])[0].text) as FixtureLogEntry[];
}
