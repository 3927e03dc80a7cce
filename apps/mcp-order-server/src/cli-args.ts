import { parseArgs } from 'node:util';
import { SproutError } from '@sprout-ai/core';

/** What the command line asked for. */
export interface McpOrderServerArgs {
  readonly transport: 'stdio' | 'http';
  /** `--port`; absent means `server.port` (8080), 0 a free port. */
  readonly port?: number;
  /** `--host`; absent means `server.address` (127.0.0.1). */
  readonly host?: string;
  /** `--user`: the caller of a stdio server. */
  readonly user?: string;
  readonly help: boolean;
}

/** Usage text printed by `--help` (to stderr: stdout belongs to the protocol). */
export const USAGE = `Usage: npm start --silent -w apps/mcp-order-server -- --transport stdio [--user <id>]
       npm start --silent -w apps/mcp-order-server -- --transport http [--port <n>] [--host <address>]

Serves the order tools (getOrderStatus) over MCP.

Options:
  -t, --transport <stdio|http>  stdio: JSON-RPC on stdin/stdout (nothing else is written to stdout);
                                http: streamable HTTP at http://<host>:<port>/mcp
  -p, --port <n>                HTTP port (default: server.port, 8080; 0 picks a free port)
      --host <address>          HTTP address (default: server.address, 127.0.0.1)
  -u, --user <id>               stdio only: the user the server acts for (or SPROUT_MCP_USER_ID)
  -h, --help                    show this help

Caller identity reaches the tools' ToolContext as userId: over HTTP from the header
"Authorization: Bearer <userId>" (a demo: the token is the user id); over stdio from --user or
SPROUT_MCP_USER_ID, fixed for the process. Without one the tool answers AUTH_REQUIRED.`;

/** A bad command line; the CLI prints the message and exits with code 2. */
export class CliUsageError extends SproutError {}

/**
 * Parses the command line.
 *
 * @param argv - the arguments after `node main.js`
 * @throws CliUsageError for an unknown option, a missing or unknown transport, or a bad port
 */
export function parseMcpOrderServerArgs(argv: readonly string[]): McpOrderServerArgs {
  let values: { transport?: string; port?: string; host?: string; user?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        transport: { type: 'string', short: 't' },
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        user: { type: 'string', short: 'u' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message} (run with --help for usage)`);
  }
  if (values.help === true) return { transport: 'stdio', help: true };
  if (values.transport !== 'stdio' && values.transport !== 'http') {
    throw new CliUsageError(
      `--transport must be stdio or http (got ${values.transport === undefined ? 'nothing' : `'${values.transport}'`}) (run with --help for usage)`,
    );
  }
  let port: number | undefined;
  if (values.port !== undefined) {
    port = /^\d+$/.test(values.port) ? Number(values.port) : Number.NaN;
    if (!(port >= 0 && port <= 65535)) {
      throw new CliUsageError(
        `--port must be a number from 0 to 65535 (got '${values.port}') (run with --help for usage)`,
      );
    }
  }
  if (values.user !== undefined && values.transport === 'http') {
    throw new CliUsageError(
      '--user applies to stdio only; over HTTP each caller sends "Authorization: Bearer <userId>" (run with --help for usage)',
    );
  }
  return { transport: values.transport, port, host: values.host, user: values.user, help: false };
}
