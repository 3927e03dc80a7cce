import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';
import { runOrderSupportCli } from './order-support-cli';

const APP_DIR = join(__dirname, '..');

describe(runOrderSupportCli, () => {
  describe('when two runs share --conversation', () => {
    let dir: string;
    let server: OpenAiWireServer;

    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'sprout-conversation-'));
      server = await OpenAiWireServer.start({
        script: [
          chatCompletion({ toolCalls: [{ id: 'call_1', name: 'getOrderStatus', arguments: { orderId: 'A123' } }] }),
          chatCompletion({ content: 'A123 正在运输中。' }),
          chatCompletion({ content: '你问的是 A123。' }),
          chatCompletion({ content: '新对话。' }),
        ],
      });
    });

    afterEach(async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    async function run(argv: string[]): Promise<{ code: number; stdout: string }> {
      let stdout = '';
      const code = await runOrderSupportCli(argv, {
        appDir: APP_DIR,
        env: {
          SPRING_AI_OPENAI_API_KEY: 'sk-test',
          SPRING_AI_OPENAI_BASE_URL: server.baseUrl,
          SPRING_AI_CHAT_MEMORY_REPOSITORY_SQLITE_PATH: join(dir, 'chat-memory.db'),
        },
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: () => true },
        schemaRegistry: new ToolSchemaRegistry(),
      });
      return { code, stdout };
    }

    it('should send the first run’s question and answer with the second run’s question, from SQLite', async () => {
      expect(await run(['--user', 'u7', '--conversation', 'c-42', '订单 A123 发货了吗？'])).toEqual({
        code: 0,
        stdout: 'A123 正在运输中。\n',
      });
      expect(await run(['--user', 'u7', '--conversation', 'c-42', '我刚才问的是哪个订单？'])).toEqual({
        code: 0,
        stdout: '你问的是 A123。\n',
      });

      expect(server.requests[2].messages.filter((m) => m.role !== 'system')).toEqual([
        { role: 'user', content: '订单 A123 发货了吗？' },
        { role: 'assistant', content: 'A123 正在运输中。' },
        { role: 'user', content: '我刚才问的是哪个订单？' },
      ]);
    });

    it('should start from nothing for another conversation id or without --conversation', async () => {
      await run(['--user', 'u7', '--conversation', 'c-42', '订单 A123 发货了吗？']);
      await run(['--user', 'u7', '--conversation', 'other', '你好']);
      await run(['--user', 'u7', '你好']);

      for (const request of server.requests.slice(2)) {
        expect(request.messages.filter((m) => m.role !== 'system')).toEqual([{ role: 'user', content: '你好' }]);
      }
      expect(server.requests).toHaveLength(4);
    });
  });
});
