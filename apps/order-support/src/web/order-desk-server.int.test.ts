import { join } from 'node:path';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import { OpenAiWireServer } from '@sprout-ai/test';
import { demoModel } from '../demo-model';
import { MAX_BODY_BYTES } from './order-desk-web-app';
import { type OrderDeskServer, startOrderDeskServer } from './order-desk-server';

const APP_DIR = join(__dirname, '..', '..');

interface HttpResult {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
  readonly cookie?: string;
}

interface SseEvent {
  readonly event: string;
  readonly data: Record<string, unknown>;
}

/** Parses a text/event-stream body into its events. */
function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => {
      const lines = frame.split('\n');
      const event =
        lines
          .find((line) => line.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

describe(startOrderDeskServer, () => {
  let model: OpenAiWireServer;
  let modelDown: boolean;
  let server: OrderDeskServer;
  let logLines: string[];

  beforeAll(async () => {
    model = await OpenAiWireServer.start({
      handler: (request) =>
        modelDown ? { status: 503, body: { error: { message: 'upstream overloaded' } } } : demoModel(request),
    });
    logLines = [];
    server = await startOrderDeskServer({
      appDir: APP_DIR,
      env: { SPRING_AI_OPENAI_API_KEY: 'sk-test-secret', SPRING_AI_OPENAI_BASE_URL: model.baseUrl },
      properties: {
        'server.port': '0',
        'sprout.web.session-secret': 'test-secret',
        'spring.ai.chat.memory.repository.type': 'in-memory',
        'spring.ai.retry.max-attempts': '1',
      },
      schemaRegistry: new ToolSchemaRegistry(),
      log: (line) => logLines.push(line),
    });
  });

  afterAll(async () => {
    await server.close();
    await model.close();
  });

  beforeEach(() => {
    modelDown = false;
  });

  async function request(
    path: string,
    options: { body?: unknown; raw?: string; cookie?: string } = {},
  ): Promise<HttpResult> {
    const hasBody = options.body !== undefined || options.raw !== undefined;
    const response = await fetch(server.url + path, {
      method: hasBody ? 'POST' : 'GET',
      headers: {
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
      },
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await response.text();
    const setCookie = response.headers.get('set-cookie');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body, text, ...(setCookie === null ? {} : { cookie: setCookie.split(';')[0] }) };
  }

  async function signIn(user: string): Promise<string> {
    const result = await request('/api/login', { body: { user } });
    expect(result.status).toBe(200);
    return result.cookie!;
  }

  describe('signing in', () => {
    it('should refuse the chat API without a sign-in, with 401 and a JSON error', async () => {
      const result = await request('/api/chat', { body: { message: '订单 A123 发货了吗？' } });
      expect(result).toMatchObject({ status: 401, body: { error: 'not-signed-in' } });
    });

    it('should refuse a user who is not a demo user, with 403', async () => {
      const result = await request('/api/login', { body: { user: 'admin' } });
      expect(result).toMatchObject({ status: 403, body: { error: 'forbidden' } });
      expect(result.cookie).toBeUndefined();
    });

    it('should not accept a forged user cookie', async () => {
      const result = await request('/api/me', { cookie: 'sprout_user=u7.forged' });
      expect(result.body).toEqual({ user: null });
    });
  });

  describe('bad input', () => {
    it('should answer 400 naming the problem for invalid JSON, a missing message and a malformed conversation id', async () => {
      const cookie = await signIn('u7');
      expect(await request('/api/chat', { raw: '{"message":', cookie })).toMatchObject({
        status: 400,
        body: { error: 'bad-request', message: 'the request body is not valid JSON' },
      });
      expect(await request('/api/chat', { body: { text: 'hi' }, cookie })).toMatchObject({
        status: 400,
        body: { message: '"message" must be a non-empty string' },
      });
      expect(await request('/api/chat', { body: { message: 'hi', conversationId: '../u8' }, cookie })).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('"conversationId"') as string },
      });
    });

    it('should answer 413 for a body over the limit, before the model is asked', async () => {
      const cookie = await signIn('u7');
      const served = model.requests.length;
      const result = await request('/api/chat', {
        raw: JSON.stringify({ message: 'x'.repeat(MAX_BODY_BYTES) }),
        cookie,
      });
      expect(result).toMatchObject({ status: 413, body: { error: 'body-too-large' } });
      expect(model.requests.length).toBe(served);
    });

    it('should answer 404 for a conversation the user does not have, including another user’s', async () => {
      const u7 = await signIn('u7');
      const first = await request('/api/chat', { body: { message: '订单 A123 发货了吗？' }, cookie: u7 });
      const { conversationId } = first.body as { conversationId: string };
      const u8 = await signIn('u8');
      expect(await request(`/api/conversations/${conversationId}`, { cookie: u8 })).toMatchObject({
        status: 404,
        body: { error: 'unknown-conversation' },
      });
      expect(await request('/api/chat', { body: { message: '继续', conversationId }, cookie: u8 })).toMatchObject({
        status: 404,
      });
    });
  });

  describe('POST /api/chat', () => {
    it('should answer u7 about their order from the real tool, and continue the conversation by its id', async () => {
      const cookie = await signIn('u7');
      const first = await request('/api/chat', { body: { message: '订单 A123 发货了吗？' }, cookie });
      expect(first).toMatchObject({ status: 200, body: { answer: '订单 A123 当前状态：运输中。' } });
      const { conversationId } = first.body as { conversationId: string };

      const second = await request('/api/chat', { body: { message: '订单 A200 呢？', conversationId }, cookie });
      expect(second).toMatchObject({ status: 200, body: { conversationId, answer: '订单 A200 当前状态：待发货。' } });
      expect(
        model.requests
          .at(-1)!
          .messages.filter((m) => m.role === 'user')
          .map((m) => m.content),
      ).toEqual(['订单 A123 发货了吗？', '订单 A200 呢？']);

      const history = await request(`/api/conversations/${conversationId}`, { cookie });
      expect(history.body).toEqual({
        conversationId,
        messages: [
          { role: 'user', text: '订单 A123 发货了吗？' },
          { role: 'assistant', text: '订单 A123 当前状态：运输中。' },
          { role: 'user', text: '订单 A200 呢？' },
          { role: 'assistant', text: '订单 A200 当前状态：待发货。' },
        ],
      });
    });

    it('should give u8 no status of u7’s order (the user reaches the tool only through ToolContext)', async () => {
      const cookie = await signIn('u8');
      const result = await request('/api/chat', { body: { message: '订单 A123 发货了吗？' }, cookie });
      expect(result.status).toBe(200);
      expect((result.body as { answer: string }).answer).not.toContain('运输中');
      const toolMessages = model.requests.at(-1)!.messages.filter((m) => m.role === 'tool');
      expect(JSON.stringify(toolMessages)).not.toContain('运输中');
    });

    it('should answer 502 with a message naming no endpoint or setting when the model fails, and store nothing', async () => {
      const cookie = await signIn('u7');
      const first = await request('/api/chat', { body: { message: '订单 A123 发货了吗？' }, cookie });
      const { conversationId } = first.body as { conversationId: string };
      modelDown = true;

      const failed = await request('/api/chat', { body: { message: '订单 A200 呢？', conversationId }, cookie });

      expect(failed).toMatchObject({ status: 502, body: { error: 'model-unavailable' } });
      expect(failed.text).not.toMatch(/127\.0\.0\.1|spring\.ai|sk-test|503/);
      expect(logLines.join('\n')).toContain('503');
      expect(logLines.join('\n')).not.toContain('sk-test-secret');
      modelDown = false;
      const history = await request(`/api/conversations/${conversationId}`, { cookie });
      expect((history.body as { messages: unknown[] }).messages).toHaveLength(2);
    });
  });

  describe('POST /api/chat/stream', () => {
    it('should stream the conversation id, the tool call and its result, the answer text and finish, in that order', async () => {
      const cookie = await signIn('u7');
      const result = await request('/api/chat/stream', { body: { message: '订单 A123 发货了吗？' }, cookie });
      expect(result.status).toBe(200);
      const events = parseSse(result.text);

      const names = events
        .map((e) => e.event)
        .filter((name, i, all) => name !== 'text-delta' || all[i - 1] !== 'text-delta');
      expect(names).toEqual(['conversation', 'tool-call', 'tool-result', 'text-delta', 'finish']);
      expect(events[1].data).toMatchObject({ name: 'getOrderStatus', arguments: '{"orderId":"A123"}' });
      expect(events[2].data).toMatchObject({
        name: 'getOrderStatus',
        status: 'success',
        durationMs: expect.any(Number) as number,
      });
      const text = events
        .filter((e) => e.event === 'text-delta')
        .map((e) => e.data.text as string)
        .join('');
      expect(text).toBe('订单 A123 当前状态：运输中。');
    });

    it('should end with a retryable error event naming no endpoint when the model fails, and store nothing', async () => {
      const cookie = await signIn('u7');
      modelDown = true;
      const result = await request('/api/chat/stream', { body: { message: '订单 A123 发货了吗？' }, cookie });
      const events = parseSse(result.text);
      expect(events.map((e) => e.event)).toEqual(['conversation', 'error']);
      expect(events[1].data).toEqual({
        error: 'model-unavailable',
        message: expect.any(String) as string,
        retryable: true,
      });
      expect(result.text).not.toMatch(/127\.0\.0\.1|spring\.ai/);
      modelDown = false;
      const conversationId = events[0].data.conversationId as string;
      expect(await request(`/api/conversations/${conversationId}`, { cookie })).toMatchObject({ status: 404 });
    });
  });

  it('should serve the page', async () => {
    const page = await request('/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<label for="question">');
  });

  // Last: approving changes the demo's order table (A200 is cancelled).
  describe('approval of cancelOrder', () => {
    async function streamEvents(path: string, body: unknown, cookie: string): Promise<SseEvent[]> {
      const result = await request(path, { body, cookie });
      expect(result.status).toBe(200);
      return parseSse(result.text);
    }

    async function pause(cookie: string): Promise<{ conversationId: string; callId: string; events: SseEvent[] }> {
      const events = await streamEvents('/api/chat/stream', { message: '请取消订单 A200' }, cookie);
      const conversationId = events[0].data.conversationId as string;
      const pending = events.find((e) => e.event === 'approval-pending');
      const calls = pending?.data.calls as { id: string; toolName: string; arguments: string; reason: string }[];
      return { conversationId, callId: calls[0].id, events };
    }

    it('should pause before cancelOrder with an approval-pending event and send no token to the browser', async () => {
      const cookie = await signIn('u7');
      const { events } = await pause(cookie);

      // The waiting call does not run, so it has no tool-call event: the page shows it in the approval box.
      expect(events.map((e) => e.event)).toEqual(['conversation', 'approval-pending', 'finish']);
      expect(events[1].data).toEqual({
        expiresAt: expect.any(String) as string,
        calls: [
          {
            id: expect.any(String) as string,
            toolName: 'cancelOrder',
            arguments: expect.stringContaining('"orderId":"A200"') as string,
            reason: expect.stringContaining('cancelOrder') as string,
          },
        ],
      });
      expect(events[2].data).toMatchObject({ finishReason: 'pendingApproval' });
    });

    it('should answer POST /api/chat of a paused turn with its pending calls, which a resume then decides', async () => {
      const cookie = await signIn('u7');
      const paused = await request('/api/chat', { body: { message: '请取消订单 A200' }, cookie });
      expect(paused.status).toBe(200);
      const body = paused.body as {
        conversationId: string;
        answer: string;
        pendingApproval: { expiresAt: string; calls: { id: string; toolName: string }[] };
      };
      expect(body).toEqual({
        conversationId: expect.any(String) as string,
        answer: '',
        pendingApproval: {
          expiresAt: expect.any(String) as string,
          calls: [
            {
              id: expect.any(String) as string,
              toolName: 'cancelOrder',
              arguments: expect.stringContaining('"orderId":"A200"') as string,
              reason: expect.stringContaining('cancelOrder') as string,
            },
          ],
        },
      });
      expect(JSON.stringify(body)).not.toMatch(/token/i);

      const events = await streamEvents(
        '/api/chat/resume',
        {
          conversationId: body.conversationId,
          decisions: [{ id: body.pendingApproval.calls[0].id, approve: false }],
        },
        cookie,
      );
      expect(events.find((e) => e.event === 'tool-result')?.data).toMatchObject({ status: 'rejected' });
    });

    it('should answer 404 to another user resuming the turn, and 400 to a decision for no pending call', async () => {
      const u7 = await signIn('u7');
      const { conversationId } = await pause(u7);
      const u8 = await signIn('u8');
      expect(
        await request('/api/chat/resume', {
          body: { conversationId, decisions: [{ id: 'x', approve: true }] },
          cookie: u8,
        }),
      ).toMatchObject({ status: 404, body: { error: 'unknown-conversation' } });
      expect(
        await request('/api/chat/resume', {
          body: { conversationId, decisions: [{ id: 'x', approve: true }] },
          cookie: u7,
        }),
      ).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('no decision for tool call') as string },
      });
    });

    it('should answer a rejected call with the refusal and leave the order as it was', async () => {
      const cookie = await signIn('u7');
      const { conversationId, callId } = await pause(cookie);
      const events = await streamEvents(
        '/api/chat/resume',
        { conversationId, decisions: [{ id: callId, approve: false, reason: '我改主意了' }] },
        cookie,
      );
      expect(events.find((e) => e.event === 'tool-result')?.data).toMatchObject({
        name: 'cancelOrder',
        status: 'rejected',
      });
      const text = events
        .filter((e) => e.event === 'text-delta')
        .map((e) => e.data.text as string)
        .join('');
      expect(text).toBe('好的，订单没有取消。');
      const status = await request('/api/chat', { body: { message: '订单 A200 呢？' }, cookie });
      expect((status.body as { answer: string }).answer).toBe('订单 A200 当前状态：待发货。');
    });

    it('should run an approved call, answer, store the turn, and refuse the same decision again', async () => {
      const cookie = await signIn('u7');
      const { conversationId, callId } = await pause(cookie);
      const decisions = [{ id: callId, approve: true }];

      const events = await streamEvents('/api/chat/resume', { conversationId, decisions }, cookie);

      expect(events.find((e) => e.event === 'tool-result')?.data).toMatchObject({
        name: 'cancelOrder',
        status: 'success',
      });
      const text = events
        .filter((e) => e.event === 'text-delta')
        .map((e) => e.data.text as string)
        .join('');
      expect(text).toBe('订单 A200 已取消。');
      const history = await request(`/api/conversations/${conversationId}`, { cookie });
      expect((history.body as { messages: unknown[] }).messages).toEqual([
        { role: 'user', text: '请取消订单 A200' },
        { role: 'assistant', text: '订单 A200 已取消。' },
      ]);
      expect(await request('/api/chat/resume', { body: { conversationId, decisions }, cookie })).toMatchObject({
        status: 404,
      });
    });
  });
});
