import { join } from 'node:path';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';
import { runOrderSupportCli } from './order-support-cli';

const APP_DIR = join(__dirname, '..');

describe(runOrderSupportCli, () => {
  describe('with --json', () => {
    let server: OpenAiWireServer | undefined;
    afterEach(async () => {
      await server?.close();
    });

    async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
      let stdout = '';
      let stderr = '';
      const code = await runOrderSupportCli(argv, {
        appDir: APP_DIR,
        env: { SPRING_AI_OPENAI_API_KEY: 'sk-test', SPRING_AI_OPENAI_BASE_URL: server?.baseUrl ?? '' },
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
        schemaRegistry: new ToolSchemaRegistry(),
      });
      return { code, stdout, stderr };
    }

    it('should ask for an OrderAnswer after the tools and print it as one JSON line', async () => {
      server = await OpenAiWireServer.start({
        script: [
          chatCompletion({ toolCalls: [{ name: 'getOrderStatus', arguments: { orderId: 'A123' } }] }),
          chatCompletion({ content: '{"orderId":"A123","status":"SHIPPED","answer":"A123 已发货。"}' }),
        ],
      });

      const result = await run(['--user', 'u7', '--json', '订单 A123 发货了吗？']);

      expect(result).toMatchObject({
        code: 0,
        stdout: '{"orderId":"A123","status":"SHIPPED","answer":"A123 已发货。"}\n',
      });
      expect(server.recordedRequests[1].body).toMatchObject({
        response_format: { type: 'json_schema', json_schema: { name: 'OrderAnswer', strict: true } },
      });
    });

    it('should fail with the violations when the answer is not an OrderAnswer, after one retry each time', async () => {
      server = await OpenAiWireServer.start({
        script: Array.from({ length: 4 }, () => chatCompletion({ content: 'A123 已发货。' })),
      });

      const result = await run(['--json', '订单 A123 发货了吗？']);

      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('is not a valid OrderAnswer after 4 attempt(s)');
    });

    it('should refuse --json with --stream as a usage error', async () => {
      expect((await run(['--json', '--stream', 'A123?'])).code).toBe(2);
    });

    it.each(['openai', 'anthropic'])(
      'should answer with the built-in demo model on %s without a key, the status from the tool',
      async (provider) => {
        let stdout = '';
        const code = await runOrderSupportCli(
          ['--user', 'u7', '--json', '--provider', provider, '订单 A123 发货了吗？'],
          {
            appDir: APP_DIR,
            env: {},
            stdout: { write: (text: string) => (stdout += text) },
            stderr: { write: () => true },
            schemaRegistry: new ToolSchemaRegistry(),
          },
        );

        expect(code).toBe(0);
        const answer = JSON.parse(stdout) as Record<string, unknown>;
        expect(answer).toMatchObject({ orderId: 'A123', status: expect.any(String) });
        expect(answer.answer).toContain('A123');
      },
    );
  });
});
