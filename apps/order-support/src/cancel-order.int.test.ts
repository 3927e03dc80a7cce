import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import Database from 'better-sqlite3';
import { runOrderSupportCli } from './order-support-cli';

const APP_DIR = join(__dirname, '..');
const MAIN = join(APP_DIR, 'dist', 'main.js');
const SECRET = 'order-desk-test-secret-at-least-32-bytes';

/** The order table as the tools left it. */
function statusOf(dbPath: string, orderId: string): string {
  const db = new Database(dbPath, { readonly: true });
  try {
    return (db.prepare('SELECT status FROM orders WHERE order_id = ?').get(orderId) as { status: string }).status;
  } finally {
    db.close();
  }
}

/** Settings of one run: the demo model (no API key), the orders and chat memory in `dir`. */
function envIn(dir: string): Record<string, string> {
  return {
    SPROUT_DEMO_ORDERS_DB_PATH: join(dir, 'orders.db'),
    SPRING_AI_CHAT_MEMORY_REPOSITORY_SQLITE_PATH: join(dir, 'chat-memory.db'),
    SPROUT_TOOLS_APPROVAL_SECRET: SECRET,
  };
}

describe('cancelOrder on the order desk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-cancel-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('on a terminal', () => {
    async function run(answers: string[]): Promise<{ code: number; stdout: string; asked: string[] }> {
      let stdout = '';
      const asked: string[] = [];
      const code = await runOrderSupportCli(['--user', 'u7', '--conversation', 'c1', '请取消订单 A200'], {
        appDir: APP_DIR,
        env: envIn(dir),
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: () => true },
        schemaRegistry: new ToolSchemaRegistry(),
        ask: async (question) => {
          asked.push(question);
          return answers.shift() ?? '';
        },
      });
      return { code, stdout, asked };
    }

    it('should ask before cancelling, and cancel once approved with y', async () => {
      const run1 = await run(['y']);
      expect(run1.asked).toEqual(['Approve cancelOrder {"orderId":"A200","reason":"请取消订单 A200"}? [y/N/edit] ']);
      expect(run1).toMatchObject({ code: 0, stdout: '订单 A200 已取消。\n' });
      expect(statusOf(join(dir, 'orders.db'), 'A200')).toBe('已取消');
    });

    it('should leave the order as it was when declined', async () => {
      expect(await run(['n'])).toMatchObject({ code: 0, stdout: '好的，订单没有取消。\n' });
      expect(statusOf(join(dir, 'orders.db'), 'A200')).toBe('待发货');
    });

    it('should run the call with the arguments given by edit instead', async () => {
      const edited = await run(['edit', '{"orderId":"A123","reason":"wrong order"}']);
      expect(edited.asked[1]).toBe('Arguments as JSON: ');
      // A123 is in transit: the desk's rule refuses it, so the edit — not the model's A200 — is what ran.
      expect(edited.stdout).toMatch(/^无法取消订单 A123/);
      expect([statusOf(join(dir, 'orders.db'), 'A123'), statusOf(join(dir, 'orders.db'), 'A200')]).toEqual([
        '运输中',
        '待发货',
      ]);
    });
  });

  describe('when one process asks and another approves (dist/main.js, shared SQLite)', () => {
    function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
      const env: NodeJS.ProcessEnv = {};
      for (const [name, value] of Object.entries(process.env)) {
        if (!/^(SPRING_AI_|OPENAI_|ANTHROPIC_|SPROUT_)/.test(name)) env[name] = value;
      }
      return new Promise((resolve) => {
        execFile(
          process.execPath,
          [MAIN, ...args],
          { env: { ...env, ...envIn(dir) }, timeout: 30_000 },
          (e, stdout, stderr) =>
            resolve({ code: e === null ? 0 : typeof e.code === 'number' ? e.code : -1, stdout, stderr }),
        );
      });
    }

    it('should change the order table only in the approving process', async () => {
      const asked = await runCli(['--user', 'u7', '--conversation', 'c1', '请取消订单 A200']);
      expect(asked.code).toBe(0);
      expect(asked.stdout).toMatch(
        /^Waiting for approval: cancelOrder \{"orderId":"A200","reason":"请取消订单 A200"\} \(until .*\)\. Decide with --conversation c1 --approve/,
      );
      expect(statusOf(join(dir, 'orders.db'), 'A200')).toBe('待发货');

      const approved = await runCli(['--user', 'u7', '--conversation', 'c1', '--approve']);
      expect(approved).toMatchObject({ code: 0, stdout: '订单 A200 已取消。\n' });
      expect(statusOf(join(dir, 'orders.db'), 'A200')).toBe('已取消');

      const again = await runCli(['--user', 'u7', '--conversation', 'c1', '--reject']);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/No turn waits for approval in conversation "c1"/);
    }, 60_000);
  });
});
