import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import { McpTokens } from '../mcp-tokens';
import { SproutApplication } from '../sprout-application';

// Spawns real servers; generous for a loaded 2-CPU CI machine (speed is not asserted).
jest.setTimeout(30_000);

const ROOT = resolve(__dirname, '../../../..');
/** A stdio server that answers `initialize` only after SLOW_START_MS, like `npx -y` on a cold cache. */
const SLOW_SERVER = join(__dirname, '..', '__fixtures__', 'slow-start-mcp-server.cjs');

/** Properties connecting to the slow server as `slow`. */
function slowServerProperties(startMs: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'spring.ai.openai.api-key': 'k',
    'spring.ai.mcp.client.stdio.connections.slow.command': process.execPath,
    'spring.ai.mcp.client.stdio.connections.slow.args[0]': SLOW_SERVER,
    'spring.ai.mcp.client.stdio.connections.slow.env.SLOW_START_MS': String(startMs),
    ...extra,
  };
}

interface Exit {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `script` with the **built** packages in a new node process, as an application's `main`
 * would, and collects its output until every holder of its stdout and stderr is gone: a child
 * process it leaves behind that inherited its stderr still writes there after it exits.
 */
function runApplication(script: string): Promise<Exit> {
  if (!existsSync(join(ROOT, 'packages/boot/dist/index.js'))) {
    throw new Error('packages/boot/dist does not exist: run `npm run build` first (`npm test` does).');
  }
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['-e', script], {
      cwd: ROOT,
      env: { ...process.env, SPROUT_LOG_LEVEL: 'warn' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('MCP first use (sprout.mcp.client.initialization-timeout)', () => {
  describe('when the server answers initialize later than a request may take', () => {
    let app: SproutApplication | undefined;

    afterEach(async () => {
      await app?.close();
    });

    it("should start, because initialize has its own, longer timeout, and show the server's stderr", async () => {
      const written: string[] = [];
      const write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
        written.push(chunk.toString());
        return true;
      });
      try {
        app = await SproutApplication.run({
          propertiesFile: false,
          env: {},
          schemaRegistry: new ToolSchemaRegistry(),
          properties: slowServerProperties(1_500, {
            'spring.ai.mcp.client.request-timeout': '300ms',
            'sprout.mcp.client.initialization-timeout': '20s',
            'spring.ai.mcp.client.stdio.connections.slow.env.SLOW_START_BANNER': '1',
          }),
        });
      } finally {
        write.mockRestore();
      }

      const tools = app.get(McpTokens.McpToolCallbackProvider).getToolCallbacks();
      expect(tools.map((tool) => tool.toolDefinition.name)).toEqual(['ping']);
      expect(written).toContain('slow server: started\n');
    });
  });

  describe('when the server does not answer initialize in time', () => {
    it('should fail naming the key, and print no EPIPE stack trace of the abandoned server', async () => {
      const properties = slowServerProperties(2_000, {
        'sprout.mcp.client.initialization-timeout': '300ms',
        'spring.ai.mcp.client.stdio.connections.slow.env.SLOW_START_BANNER': '1',
      });
      // An application's main: report the error and exit while the server is still starting.
      const { code, stdout, stderr } = await runApplication(`
        const { SproutApplication } = require('@sprout-ai/boot');
        SproutApplication.run({ propertiesFile: false, env: {}, properties: ${JSON.stringify(properties)} }).then(
          () => process.exit(0),
          (error) => {
            console.log(JSON.stringify({ name: error.name, message: error.message, initializationTimeoutMs: error.initializationTimeoutMs }));
            process.exit(1);
          },
        );
      `);

      expect(code).toBe(1);
      expect(JSON.parse(stdout)).toEqual({
        name: 'McpConnectionError',
        message:
          `Cannot connect to MCP server 'slow' (${process.execPath} ${SLOW_SERVER}): it did not complete initialize ` +
          'within 300ms. Starting a server can take longer the first time (npx -y downloads it): raise ' +
          'sprout.mcp.client.initialization-timeout (connectTimeoutMs of McpClientConnection), or install the ' +
          'server beforehand.',
        initializationTimeoutMs: 300,
      });
      expect(stderr).not.toMatch(/EPIPE|^\s+at /m);
      expect(stderr).not.toContain('slow server: started');
    });
  });
});
