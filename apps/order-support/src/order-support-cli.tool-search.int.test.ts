import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import { OpenAiWireServer, type RecordedWireRequest } from '@sprout-ai/test';
import { demoModel } from './demo-model';
import { runOrderSupportCli } from './order-support-cli';

const APP_DIR = join(__dirname, '..');
const QUESTION = '订单 A123 发货了吗？';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly requests: readonly RecordedWireRequest[];
}

/** Request body size of each round, in UTF-8 bytes as they went over the wire. */
const bytesPerRound = (run: Run) => run.requests.map((r) => Buffer.byteLength(r.rawBody, 'utf8'));
const toolNames = (request: RecordedWireRequest) => (request.body.tools ?? []).map((t) => t.function.name);

describe('order-support desk with --tool-search, over the wire', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-tool-search-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** One CLI run against the demo model on an OpenAiWireServer that records every request body. */
  async function ask(extraArgs: readonly string[], env: Record<string, string> = {}): Promise<Run> {
    const server = await OpenAiWireServer.start({ handler: demoModel });
    try {
      let stdout = '';
      const code = await runOrderSupportCli(['--user', 'u7', ...extraArgs, QUESTION], {
        appDir: APP_DIR,
        env: {
          SPRING_AI_OPENAI_API_KEY: 'sk-test',
          SPRING_AI_OPENAI_BASE_URL: server.baseUrl,
          SPRING_AI_CHAT_MEMORY_REPOSITORY_SQLITE_PATH: join(dir, 'chat-memory.db'),
          ...env,
        },
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: () => true },
        schemaRegistry: new ToolSchemaRegistry(),
      });
      return { code, stdout, requests: [...server.recordedRequests] };
    } finally {
      await server.close();
    }
  }

  it('should send every desk tool in every round without tool search', async () => {
    const run = await ask([]);
    expect(run.stdout).toBe('订单 A123 当前状态：运输中。\n');
    expect(run.requests).toHaveLength(2);
    for (const request of run.requests) expect(toolNames(request).length).toBeGreaterThanOrEqual(40);
  });

  it('should answer the same question through a search, sending the search tool and what it found', async () => {
    const run = await ask(['--tool-search']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('订单 A123 当前状态：运输中。\n');
    // search → getOrderStatus → answer
    expect(run.requests.map(toolNames)).toEqual([
      ['toolSearchTool'],
      expect.arrayContaining(['toolSearchTool', 'getOrderStatus']),
      expect.arrayContaining(['toolSearchTool', 'getOrderStatus']),
    ]);
    // max-results=5 in application.properties: the search tool and at most 5 found tools
    expect(toolNames(run.requests[1]).length).toBeLessThanOrEqual(6);
  });

  it('should send far fewer request bytes per round with tool search than with all tools', async () => {
    const all = bytesPerRound(await ask([]));
    const searched = bytesPerRound(await ask(['--tool-search']));
    const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    // Every round with tool search is smaller than the smallest round with all tools, and on
    // average a fifth of it or less; the whole turn (one round more) is smaller too.
    expect(Math.max(...searched)).toBeLessThan(Math.min(...all) / 3);
    expect(mean(searched)).toBeLessThan(mean(all) / 5);
    expect(searched.reduce((a, b) => a + b, 0)).toBeLessThan(all.reduce((a, b) => a + b, 0) / 3);
  });

  it('should turn tool search on from the property as --tool-search does', async () => {
    const run = await ask([], { SPRING_AI_CHAT_CLIENT_TOOL_SEARCH_ADVISOR_ENABLED: 'true' });
    expect(run.stdout).toBe('订单 A123 当前状态：运输中。\n');
    expect(toolNames(run.requests[0])).toEqual(['toolSearchTool']);
  });
});
