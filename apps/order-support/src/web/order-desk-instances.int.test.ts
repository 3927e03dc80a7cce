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

describe('two order desk instances on one Redis', () => {
  let redis: RedisTestServer;
  let model: OpenAiWireServer;
  let release: () => void;
  let modelAsked: Promise<void>;
  let signalAsked: () => void;
  let a: OrderDeskProcess;
  let b: OrderDeskProcess;

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
    const env = {
      SERVER_PORT: '0',
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
});
