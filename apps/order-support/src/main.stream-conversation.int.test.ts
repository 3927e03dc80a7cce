import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';

const MAIN = join(__dirname, '..', 'dist', 'main.js');
const QUESTION = '订单 A123 发货了吗？';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node dist/main.js …` with the machine's OpenAI/Spring AI settings replaced by `extra`. */
function runCli(args: readonly string[], extra: Record<string, string>): Promise<Run> {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(SPRING_AI_|OPENAI_|ANTHROPIC_)/.test(name)) env[name] = value;
  }
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [MAIN, ...args],
      { env: { ...env, ...extra }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('order-support CLI (dist/main.js)', () => {
  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm test does).`);
  });

  describe('when two --stream runs share --conversation', () => {
    let dir: string;
    let server: OpenAiWireServer;

    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'sprout-stream-conversation-'));
      server = await OpenAiWireServer.start({
        script: [
          chatCompletion({ toolCalls: [{ id: 'call_1', name: 'getOrderStatus', arguments: { orderId: 'A123' } }] }),
          chatCompletion({ content: 'A123 正在运输中。' }),
          chatCompletion({ content: '你刚才问过 A123：正在运输中。' }),
        ],
      });
    });

    afterEach(async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('should stream both answers and send the first run’s question and answer in the second run’s request', async () => {
      const env = {
        SPRING_AI_OPENAI_API_KEY: 'sk-test',
        SPRING_AI_OPENAI_BASE_URL: server.baseUrl,
        SPRING_AI_CHAT_MEMORY_REPOSITORY_SQLITE_PATH: join(dir, 'chat-memory.db'),
      };
      const args = ['--user', 'u7', '--stream', '--conversation', 'c1', QUESTION];

      const first = await runCli(args, env);
      const second = await runCli(args, env);

      expect(first).toMatchObject({ code: 0, stdout: 'A123 正在运输中。\n' });
      expect(first.stderr).toMatch(/^tool=getOrderStatus args=\{"orderId":"A123"\} code=OK \d+ms$/m);
      expect(second).toMatchObject({ code: 0, stdout: '你刚才问过 A123：正在运输中。\n' });
      expect(server.requests).toHaveLength(3);
      expect(server.requests.map((request) => request.stream)).toEqual([true, true, true]);
      expect(server.requests[2].messages.filter((m) => m.role !== 'system')).toEqual([
        { role: 'user', content: QUESTION },
        { role: 'assistant', content: 'A123 正在运输中。' },
        { role: 'user', content: QUESTION },
      ]);
    }, 60_000);
  });
});
