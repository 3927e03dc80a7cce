import { join } from 'node:path';
import { SproutApplication, startMcpServer } from '@sprout-ai/boot';
import { CliUsageError, parseMcpOrderServerArgs, USAGE } from './cli-args';
import { MCP_USER_ID_ENV } from './caller-identity';
import { mcpOrderServerModule } from './mcp-order-server-module';

/** Where the CLI reads from and writes to. */
export interface McpOrderServerCliOptions {
  /** The app directory, holding `application.properties` and `dist/tool-schemas.json`. */
  readonly appDir: string;
  /** @defaultValue `process.env` */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Receives usage, errors and the HTTP address (never stdout, which belongs to the protocol). */
  readonly stderr?: { write(text: string): unknown };
}

/** A running server: `close()` stops it and the application. */
export interface RunningMcpOrderServer {
  readonly url?: string;
  close(): Promise<void>;
}

/**
 * Starts the MCP order server: a Sprout application with the `@McpTool` order bean, served over
 * stdio or streamable HTTP.
 *
 * @param argv - the command line without `node main.js`
 * @param options - app directory, environment and stderr
 * @returns the running server, or the exit code when there is nothing to run (`--help`: 0, usage error: 2)
 * @throws whatever start-up throws (the caller prints it and exits 1)
 */
export async function runMcpOrderServer(
  argv: readonly string[],
  options: McpOrderServerCliOptions,
): Promise<RunningMcpOrderServer | number> {
  const stderr = options.stderr ?? process.stderr;
  const env = options.env ?? process.env;
  let args;
  try {
    args = parseMcpOrderServerArgs(argv);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    stderr.write(`mcp-order-server: ${error.message}\n`);
    return 2;
  }
  if (args.help) {
    stderr.write(`${USAGE}\n`);
    return 0;
  }
  const app = await SproutApplication.run({
    propertiesFile: join(options.appDir, 'application.properties'),
    env,
    schemaManifest: join(options.appDir, 'dist', 'tool-schemas.json'),
    modules: [mcpOrderServerModule(options.appDir, args.user ?? env[MCP_USER_ID_ENV])],
  });
  try {
    const handle = await startMcpServer(app, { stdio: args.transport === 'stdio', port: args.port, host: args.host });
    if (handle.url !== undefined) stderr.write(`mcp-order-server: listening on ${handle.url}\n`);
    return {
      url: handle.url,
      close: async () => {
        await handle.close();
        await app.close();
      },
    };
  } catch (error) {
    await app.close();
    throw error;
  }
}
