import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolApprovalStore } from '@sprout-ai/chat-client';
import { AssistantMessage, ConfigurationError, type PendingApproval, UserMessage } from '@sprout-ai/core';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';
import { RedisTestServer } from './__fixtures__/redis-test-server';
import { SqliteChatMemoryRepository } from './sqlite-chat-memory-repository';

// Each test starts three app processes; loose bounds for a loaded 2-CPU machine.
jest.setTimeout(60_000);

const APP = join(__dirname, '__fixtures__', 'approval-process.cjs');
const SECRET = 'a-test-secret-that-is-at-least-32-bytes-long';

/** Runs one app instance to its end; its stdout is one JSON value. */
function runApp(mode: 'ask' | 'approve', env: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [APP, mode],
      { env: { ...process.env, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${mode} failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout));
      },
    );
  });
}

describe(ToolApprovalStore, () => {
  let dir: string;
  let wire: OpenAiWireServer;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-approval-'));
    wire = await OpenAiWireServer.start({
      script: [
        chatCompletion({ toolCalls: [{ id: 'call_1', name: 'cancelOrder', arguments: { orderId: 'A123' } }] }),
        chatCompletion({ content: 'Order A123 is cancelled.' }),
      ],
    });
  });
  afterEach(async () => {
    await wire.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ordersIn = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);

  async function askThenApproveInAnotherProcess(env: Record<string, string>) {
    const orders = join(dir, 'orders.txt');
    const common = { ...env, BASE_URL: wire.baseUrl, SECRET, ORDERS_FILE: orders };

    const pending = (await runApp('ask', common)) as PendingApproval;
    expect(pending.calls.map((c) => [c.toolName, c.arguments])).toEqual([['cancelOrder', '{"orderId":"A123"}']]);
    expect(ordersIn(orders)).toEqual([]);

    expect(await runApp('approve', common)).toEqual({ answer: 'Order A123 is cancelled.' });
    expect(ordersIn(orders)).toEqual(['A123']);
    expect(wire.requests[1].messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);

    // A third process replaying the approval finds nothing to resume, and runs nothing.
    expect(await runApp('approve', common)).toMatchObject({ error: 'ToolApprovalNotFoundError' });
    expect(ordersIn(orders)).toEqual(['A123']);
  }

  describe('when one process pauses a turn in SQLite and another approves it', () => {
    it('should run the call once, in the approving process, and answer', async () => {
      await askThenApproveInAnotherProcess({ STORE: 'sqlite', SQLITE_PATH: join(dir, 'memory.db') });
    });
  });

  describe('when one process pauses a turn in Redis and another approves it', () => {
    let redis: RedisTestServer;
    beforeAll(async () => {
      redis = await RedisTestServer.start();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('should run the call once, in the approving process, and answer', async () => {
      await askThenApproveInAnotherProcess({ STORE: 'redis', REDIS_URL: redis.url });
    });
  });

  describe('when a persistent store has no secret', () => {
    it('should fail at construction naming sprout.tools.approval.secret', () => {
      const repository = new SqliteChatMemoryRepository();
      try {
        expect(() => new ToolApprovalStore({ repository })).toThrow(ConfigurationError);
        expect(() => new ToolApprovalStore({ repository })).toThrow(/sprout\.tools\.approval\.secret is required/);
        expect(() => new ToolApprovalStore({ repository, secret: 'short' })).toThrow(/at least 32/);
      } finally {
        repository.close();
      }
    });
  });

  describe('when the secret differs between instances', () => {
    it('should refuse the stored turn as tampered', async () => {
      const sqlite = new SqliteChatMemoryRepository();
      const writer = new ToolApprovalStore({ repository: sqlite, secret: SECRET });
      const reader = new ToolApprovalStore({ repository: sqlite, secret: `${SECRET}-other` });
      await writer.save('c1', {
        history: [new UserMessage('Cancel A123')],
        assistant: new AssistantMessage('', [
          { id: 'call_1', type: 'function', name: 'cancelOrder', arguments: '{"orderId":"A123"}' },
        ]),
        answered: [],
        pending: [{ id: 'call_1', toolName: 'cancelOrder', arguments: '{"orderId":"A123"}', reason: 'r' }],
      });
      await expect(reader.load('c1')).rejects.toMatchObject({ name: 'InvalidToolApprovalError', problem: 'tampered' });
      expect((await writer.load('c1')).pending.map((p) => p.id)).toEqual(['call_1']);
      sqlite.close();
    });
  });
});
