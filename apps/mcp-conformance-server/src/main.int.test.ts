import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

// Spawns the real server; generous for a loaded 2-CPU CI machine (speed is not asserted).
jest.setTimeout(30_000);

const MAIN = join(__dirname, '..', 'dist', 'main.js');

describe('mcp-conformance-server (dist/main.js)', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGTERM');
    child = undefined;
  });

  it('should serve what the conformance scenarios ask for on 127.0.0.1', async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm test does).`);
    const started = spawn(process.execPath, [MAIN], { stdio: ['ignore', 'pipe', 'inherit'] });
    child = started;
    const url = await new Promise<string>((resolve, reject) => {
      started.once('exit', (code) => reject(new Error(`exited with ${String(code)}`)));
      createInterface({ input: started.stdout }).on('line', (line) => {
        const match = /^listening on (\S+)$/.exec(line);
        if (match) resolve(match[1]);
      });
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'test', version: '1' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['test_simple_text', 'test_image_content', 'test_tool_with_progress', 'test_sampling']),
      );
      const text = await client.callTool({ name: 'test_simple_text', arguments: {} });
      expect(text.content).toEqual([{ type: 'text', text: 'This is a simple text response for testing.' }]);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['test://template/{id}/data']);
      const prompt = await client.getPrompt({
        name: 'test_prompt_with_arguments',
        arguments: { arg1: 'a', arg2: 'b' },
      });
      expect(prompt.messages[0].content).toEqual({ type: 'text', text: "Prompt with arguments: arg1='a', arg2='b'" });
    } finally {
      await client.close();
    }
  });
});
