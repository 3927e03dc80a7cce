import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAiWireServer, type WireChatRequest } from '@sprout-ai/test';
import { RedisTestServer } from '../../../../packages/chat-memory/src/__fixtures__/redis-test-server';
import { demoModel } from '../demo-model';
import { type OrderDeskProcess, spawnOrderDeskProcess } from './order-desk-process';

// Two Node processes start and a Redis server runs: seconds on a loaded machine.
jest.setTimeout(60_000);

async function post(url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie === undefined ? {} : { cookie }) },
    body: JSON.stringify(body),
  });
}

function lastUserText(request: WireChatRequest): string {
  const users = request.messages.filter((m) => m.role === 'user');
  const content = users.at(-1)?.content;
  return typeof content === 'string' ? content : '';
}

/** The `data` of each SSE event named `name` in a finished stream's text. */
function eventData(text: string, name: string): Record<string, unknown>[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.includes(`event: ${name}\n`))
    .map((frame) => {
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      return JSON.parse(data) as Record<string, unknown>;
    });
}

describe('two order desk instances on one Redis', () => {
  let redis: RedisTestServer;
  let model: OpenAiWireServer;
  let release: () => void;
  let modelAsked: Promise<void>;
  let signalAsked: () => void;
  let a: OrderDeskProcess;
  let b: OrderDeskProcess;
  let env: Record<string, string>;
  let dataDir: string;

  beforeAll(async () => {
    redis = await RedisTestServer.start();
    modelAsked = new Promise((resolve) => (signalAsked = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    // The demo model, except that a question containing 慢 is held until the test releases it.
    model = await OpenAiWireServer.start({
      handler: async (request) => {
        if (lastUserText(request).includes('慢') && request.messages.at(-1)?.role === 'user') {
          signalAsked();
          await held;
        }
        return demoModel(request);
      },
    });
    dataDir = mkdtempSync(join(tmpdir(), 'order-desk-instances-'));
    env = {
      SERVER_PORT: '0',
      // One orders database file for both instances, as several instances on one host would share it.
      SPROUT_DEMO_ORDERS_DB_PATH: join(dataDir, 'orders.db'),
      SPROUT_WEB_SESSION_SECRET: 'shared-by-both-instances',
      SPRING_AI_CHAT_MEMORY_REPOSITORY_TYPE: 'redis',
      SPRING_AI_CHAT_MEMORY_REPOSITORY_REDIS_URL: redis.url,
      SPRING_AI_OPENAI_API_KEY: 'sk-test',
      SPRING_AI_OPENAI_BASE_URL: model.baseUrl,
    };
    [a, b] = await Promise.all([spawnOrderDeskProcess(env), spawnOrderDeskProcess(env)]);
  });

  afterAll(async () => {
    release?.();
    await Promise.all([a, b].map((instance) => instance?.stop()));
    await model?.close();
    await redis?.stop();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('should continue on one instance a conversation started on the other, with one sign-in', async () => {
    const login = await post(`${a.url}/api/login`, { user: 'u7' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];

    const first = (await (await post(`${a.url}/api/chat`, { message: '订单 A123 发货了吗？' }, cookie)).json()) as {
      conversationId: string;
      answer: string;
    };
    expect(first.answer).toBe('订单 A123 当前状态：运输中。');

    const second = await post(
      `${b.url}/api/chat`,
      { message: '订单 A200 呢？', conversationId: first.conversationId },
      cookie,
    );
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({
      conversationId: first.conversationId,
      answer: '订单 A200 当前状态：待发货。',
    });

    const history = (await (
      await fetch(`${a.url}/api/conversations/${first.conversationId}`, { headers: { cookie } })
    ).json()) as { messages: { role: string; text: string }[] };
    expect(history.messages.map((m) => m.text)).toEqual([
      '订单 A123 发货了吗？',
      '订单 A123 当前状态：运输中。',
      '订单 A200 呢？',
      '订单 A200 当前状态：待发货。',
    ]);
  });

  it('should keep the last complete turn when an instance dies mid-stream, and go on on the other', async () => {
    const login = await post(`${b.url}/api/login`, { user: 'u7' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const first = (await (await post(`${b.url}/api/chat`, { message: '订单 A123 发货了吗？' }, cookie)).json()) as {
      conversationId: string;
    };
    const { conversationId } = first;

    const stream = await post(
      `${b.url}/api/chat/stream`,
      { message: '慢一点：订单 A200 呢？', conversationId },
      cookie,
    );
    const reading = stream.text().then(
      (text) => ({ text, failed: false }),
      () => ({ text: '', failed: true }),
    );
    await modelAsked;
    b.process.kill('SIGKILL');
    const { text } = await reading;
    expect(text).not.toContain('event: finish'); // the page shows "connection lost" with a retry button

    const history = (await (
      await fetch(`${a.url}/api/conversations/${conversationId}`, { headers: { cookie } })
    ).json()) as { messages: { role: string; text: string }[] };
    expect(history.messages).toEqual([
      { role: 'user', text: '订单 A123 发货了吗？' },
      { role: 'assistant', text: '订单 A123 当前状态：运输中。' },
    ]);

    release();
    const retried = await post(`${a.url}/api/chat`, { message: '订单 A200 呢？', conversationId }, cookie);
    expect(await retried.json()).toEqual({ conversationId, answer: '订单 A200 当前状态：待发货。' });
  });

  // Last: it cancels A200 in the shared database.
  it('should let one instance approve a call another paused, and both see the cancelled order', async () => {
    b = await spawnOrderDeskProcess(env); // the previous test killed b: a replacement joins
    const login = await post(`${a.url}/api/login`, { user: 'u7' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];

    const paused = await (await post(`${a.url}/api/chat/stream`, { message: '请取消订单 A200' }, cookie)).text();
    const [{ conversationId }] = eventData(paused, 'conversation') as { conversationId: string }[];
    const [pending] = eventData(paused, 'approval-pending') as { calls: { id: string; toolName: string }[] }[];
    expect(pending.calls.map((call) => call.toolName)).toEqual(['cancelOrder']);

    const resumed = await (
      await post(
        `${b.url}/api/chat/resume`,
        { conversationId, decisions: [{ id: pending.calls[0].id, approve: true }] },
        cookie,
      )
    ).text();
    const answer = eventData(resumed, 'text-delta')
      .map((data) => data.text as string)
      .join('');
    expect(answer).toBe('订单 A200 已取消。');

    const onA = await post(`${a.url}/api/chat`, { message: '订单 A200 呢？' }, cookie);
    expect(((await onA.json()) as { answer: string }).answer).toBe('订单 A200 当前状态：已取消。');
  });
});
