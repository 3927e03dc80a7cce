import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { AnthropicWireServer, OpenAiWireServer, anthropicMessage } from '@sprout-ai/test';

const MAIN = join(__dirname, '..', 'dist', 'main.js');

// Each test starts a Node process (the built CLI): seconds on a loaded machine, past jest's 5 s default.
jest.setTimeout(30_000);

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly stderrLines: string[];
}

/** The environment without any OpenAI/Anthropic/Spring AI settings of the machine running the tests. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(SPRING_AI_|OPENAI_|ANTHROPIC_)/.test(name)) env[name] = value;
  }
  return { ...env, ...extra };
}

function runCli(args: readonly string[], env: NodeJS.ProcessEnv = cleanEnv()): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { env, timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr, stderrLines: stderr.split('\n').filter((line) => line !== '') });
    });
  });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('order-support CLI (dist/main.js)', () => {
  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm test does).`);
  });

  describe('when no API key is set', () => {
    it('should answer u7 from the real tool result with the demo model and trace the call', async () => {
      const run = await runCli(['--user', 'u7', '订单 A123 发货了吗？']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('运输中');
      expect(run.stderrLines[0]).toMatch(
        /^sprout: no SPRING_AI_OPENAI_API_KEY\/OPENAI_API_KEY set .*demo model on http:\/\/127\.0\.0\.1:\d+\/v1$/,
      );
      expect(run.stderrLines).toContainEqual(
        expect.stringMatching(/^tool=getOrderStatus args=\{"orderId":"A123"\} code=OK \d+ms$/),
      );
    });

    it('should print the model’s reasoning for each call on stderr with --log-reasoning, and keep it from the tool', async () => {
      const run = await runCli(['--user', 'u7', '--log-reasoning', '订单 A123 发货了吗？']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('运输中');
      const reasoning = run.stderrLines.findIndex((line) => line.startsWith('reasoning '));
      expect(run.stderrLines[reasoning]).toBe(
        'reasoning tool=getOrderStatus innerThought="用户想知道订单 A123 的发货状态，所以查询它。"',
      );
      // The trace comes after the tool ran, with the arguments the tool got.
      expect(run.stderrLines[reasoning + 1]).toMatch(/^tool=getOrderStatus args=\{"orderId":"A123"\} code=OK \d+ms$/);
    });

    it('should not reveal u7’s order to u8', async () => {
      const run = await runCli(['--user', 'u8', '订单 A123 发货了吗？']);
      expect(run.code).toBe(0);
      expect(run.stdout).not.toContain('运输中');
      expect(run.stderrLines).toContainEqual(expect.stringMatching(/code=NOT_FOUND_OR_FORBIDDEN/));
    });
  });

  describe('when --provider anthropic is given and no Anthropic key is set', () => {
    it('should answer u7 with the demo model on Anthropic’s wire, through AnthropicChatModel', async () => {
      const run = await runCli(['--provider', 'anthropic', '--user', 'u7', '订单 A123 发货了吗？']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('运输中');
      expect(run.stderrLines[0]).toMatch(
        /^sprout: no SPRING_AI_ANTHROPIC_API_KEY\/ANTHROPIC_API_KEY set .*demo model on http:\/\/127\.0\.0\.1:\d+$/,
      );
      expect(run.stderrLines).toContainEqual(
        expect.stringMatching(/^tool=getOrderStatus args=\{"orderId":"A123"\} code=OK \d+ms$/),
      );
    });

    it('should stream the answer the same way', async () => {
      const run = await runCli(['--provider', 'anthropic', '--stream', '--user', 'u7', '订单 A123 发货了吗？']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('运输中');
    });
  });

  describe('when spring.ai.model.chat=anthropic is set in the environment', () => {
    it('should choose Anthropic as --provider does', async () => {
      const run = await runCli(
        ['--user', 'u7', '订单 A123 发货了吗？'],
        cleanEnv({ SPRING_AI_MODEL_CHAT: 'anthropic' }),
      );
      expect(run.code).toBe(0);
      expect(run.stderrLines[0]).toMatch(/^sprout: no SPRING_AI_ANTHROPIC_API_KEY\/ANTHROPIC_API_KEY set/);
    });
  });

  describe('when an Anthropic key is set', () => {
    it('should talk to the configured Anthropic endpoint with it, choosing Anthropic from the key alone', async () => {
      const server = await AnthropicWireServer.start({
        script: [
          anthropicMessage({ toolUses: [{ id: 'toolu_1', name: 'getOrderStatus', input: { orderId: 'A123' } }] }),
          (body) => {
            const results = body.messages.at(-1)?.content;
            return anthropicMessage({ text: `model read: ${JSON.stringify(results)}` });
          },
        ],
      });
      try {
        const env = cleanEnv({ ANTHROPIC_API_KEY: 'sk-ant-real', SPRING_AI_ANTHROPIC_BASE_URL: server.baseUrl });
        const run = await runCli(['--user', 'u7', '订单 A123 发货了吗？'], env);
        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(/^model read: .*"tool_result".*"tool_use_id":"toolu_1".*运输中/);
        expect(run.stderrLines).toEqual([
          expect.stringMatching(/^tool=getOrderStatus args=\{"orderId":"A123"\} code=OK/),
        ]);
        expect(JSON.stringify(server.recordedRequests[0].headers)).toContain('sk-ant-real');
      } finally {
        await server.close();
      }
    });

    it('should print one line naming spring.ai.model.chat when an OpenAI key is set too', async () => {
      const run = await runCli(
        ['--user', 'u7', '订单 A123 发货了吗？'],
        cleanEnv({ ANTHROPIC_API_KEY: 'sk-ant', OPENAI_API_KEY: 'sk-openai' }),
      );
      expect(run.code).toBe(1);
      expect(run.stderrLines).toEqual([
        expect.stringMatching(
          /^sprout: Missing value for property 'spring\.ai\.model\.chat'.*set spring\.ai\.model\.chat=openai or =anthropic/,
        ),
      ]);
      expect(run.stderr).not.toContain('sk-ant');
    });
  });

  describe('when asked for help', () => {
    it('should print the usage on stdout and exit 0', async () => {
      const run = await runCli(['--help']);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Usage: .*--user <id>/);
      expect(run.stderr).toBe('');
    });
  });

  describe('when the command line is wrong', () => {
    it('should print one line and exit 2 for an unknown flag', async () => {
      const run = await runCli(['--bogus', '订单 A123 发货了吗？']);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderrLines).toEqual([expect.stringMatching(/^sprout: .*--bogus.*--help/)]);
    });
  });

  describe('when the endpoint is down', () => {
    it('should print one line naming the endpoint and exit 1', async () => {
      const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
      const run = await runCli(
        ['--user', 'u7', '订单 A123 发货了吗？'],
        // No retries: each would add a warning line (application.properties allows 3 attempts).
        cleanEnv({ OPENAI_API_KEY: 'sk-test', SPRING_AI_OPENAI_BASE_URL: baseUrl, SPRING_AI_RETRY_MAX_ATTEMPTS: '1' }),
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderrLines).toEqual([expect.stringContaining(`${baseUrl} is unreachable`)]);
    });
  });

  describe('when the endpoint rejects the API key', () => {
    it('should print one line with the 401 and exit 1', async () => {
      const server = await OpenAiWireServer.start({
        script: [
          { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } },
        ],
      });
      try {
        const env = cleanEnv({ SPRING_AI_OPENAI_API_KEY: 'sk-wrong', SPRING_AI_OPENAI_BASE_URL: server.baseUrl });
        const run = await runCli(['--user', 'u7', '订单 A123 发货了吗？'], env);
        expect(run.code).toBe(1);
        expect(run.stderrLines).toEqual([expect.stringMatching(/401 Unauthorized: Incorrect API key provided/)]);
        expect(server.recordedRequests[0].headers.authorization).toBe('Bearer sk-wrong');
      } finally {
        await server.close();
      }
    });
  });
});
