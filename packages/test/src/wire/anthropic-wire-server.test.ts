import { once } from 'node:events';
import Anthropic from '@anthropic-ai/sdk';
import { anthropicMessage } from './anthropic-message';
import { anthropicSseEvents, sseFromAnthropicMessage } from './anthropic-sse';
import { AnthropicWireServer } from './anthropic-wire-server';
import { splitEvery } from './sse';

// The real @anthropic-ai/sdk client over HTTP against the server.
describe(AnthropicWireServer, () => {
  let server: AnthropicWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  function clientFor(wire: AnthropicWireServer, maxRetries = 0): Anthropic {
    return new Anthropic({ baseURL: wire.baseUrl, apiKey: 'sk-ant-test', maxRetries });
  }

  const ask = { model: 'claude-haiku-4-5', max_tokens: 256, messages: [{ role: 'user' as const, content: 'x' }] };

  describe('.start', () => {
    it('should listen on 127.0.0.1 with the origin as base URL, as https://api.anthropic.com is', async () => {
      server = await AnthropicWireServer.start({ script: [] });
      expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    });

    it('should reject options with neither a script nor a handler', async () => {
      await expect(AnthropicWireServer.start({} as never)).rejects.toThrow(
        /AnthropicWireServer\.start needs exactly one of `script`/,
      );
    });
  });

  describe('when a script step is a message object', () => {
    it('should serve it to the real client: text, tool_use input as an object, stop reason and usage', async () => {
      server = await AnthropicWireServer.start({
        script: [
          anthropicMessage({
            text: 'Let me look.',
            toolUses: [{ id: 'toolu_1', name: 'getOrderStatus', input: { orderId: 'A123' } }],
            usage: { inputTokens: 12, outputTokens: 7, cacheReadInputTokens: 100 },
          }),
        ],
      });

      const message = await clientFor(server).messages.create(ask);

      expect(message.stop_reason).toBe('tool_use');
      expect(message.content).toEqual([
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'toolu_1', name: 'getOrderStatus', input: { orderId: 'A123' } },
      ]);
      expect(message.usage).toMatchObject({ input_tokens: 12, output_tokens: 7, cache_read_input_tokens: 100 });
    });

    it('should record each request body, path and headers in order', async () => {
      server = await AnthropicWireServer.start({
        script: [anthropicMessage({ text: 'one' }), anthropicMessage({ text: 'two' })],
      });
      const client = clientFor(server);
      const tools = [{ name: 't', input_schema: { type: 'object' as const, properties: {} } }];

      await client.messages.create(ask);
      await client.messages.create({ ...ask, system: 'Be brief.', tools, tool_choice: { type: 'any' } });

      expect(server.requests).toEqual([ask, { ...ask, system: 'Be brief.', tools, tool_choice: { type: 'any' } }]);
      expect(server.recordedRequests[0].path).toBe('/v1/messages');
      expect(server.recordedRequests[0].headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(JSON.stringify(server.recordedRequests[0].headers)).toContain('sk-ant-test');
      expect(server.remainingSteps).toBe(0);
    });
  });

  describe('when a script step is a function', () => {
    it('should answer with what it returns for the request and its index', async () => {
      server = await AnthropicWireServer.start({
        script: [
          (body, index) =>
            anthropicMessage({
              text: `#${index}: ${typeof body.messages[0].content === 'string' ? body.messages[0].content : '?'}`,
            }),
        ],
      });

      const message = await clientFor(server).messages.create(ask);

      expect(message.content).toEqual([{ type: 'text', text: '#0: x' }]);
    });
  });

  describe('when a script step is an error step', () => {
    it('should answer with its status and body, which the client reads as its error class', async () => {
      server = await AnthropicWireServer.start({
        script: [
          {
            status: 401,
            body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
          },
        ],
      });

      const call = clientFor(server).messages.create(ask);

      await expect(call).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
      await expect(call).rejects.toMatchObject({ status: 401, message: expect.stringContaining('invalid x-api-key') });
    });
  });

  describe('when the script is exhausted', () => {
    it('should answer 500 in Anthropic’s error shape, without the client retrying', async () => {
      server = await AnthropicWireServer.start({ script: [anthropicMessage({ text: 'only' })] });
      const client = clientFor(server, 2);
      await client.messages.create(ask);

      const second = client.messages.create(ask);

      await expect(second).rejects.toMatchObject({
        status: 500,
        error: {
          type: 'error',
          error: {
            type: 'script_exhausted',
            message: expect.stringContaining(
              'AnthropicWireServer script exhausted: request #2 arrived but the script has only 1 step.',
            ),
          },
        },
      });
      expect(server.requests).toHaveLength(2);
    });
  });

  describe('when the request asks for streaming', () => {
    it('should stream a message step as events the client assembles into the same message', async () => {
      const original = anthropicMessage({
        text: 'Checking both orders, 好的.',
        toolUses: [
          { id: 'toolu_a', name: 'getOrderStatus', input: { orderId: 'A123', note: 'say "hi"' } },
          { id: 'toolu_b', name: 'getOrderStatus', input: { orderId: 'A124' } },
        ],
        usage: { inputTokens: 30, outputTokens: 40 },
      });
      server = await AnthropicWireServer.start({ script: [original] });

      const assembled = await clientFor(server).messages.stream(ask).finalMessage();

      expect(assembled.content).toEqual(original.content);
      expect(assembled.stop_reason).toBe('tool_use');
      expect(assembled.usage).toMatchObject({ input_tokens: 30, output_tokens: 40 });
    });

    it('should send the input JSON in input_json_delta fragments after an empty one', () => {
      const sse = sseFromAnthropicMessage(
        anthropicMessage({ toolUses: [{ id: 'toolu_1', name: 'f', input: { q: 'abc' } }] }),
        { inputJsonFragmentSize: 3 },
      );
      const partials = [...sse.matchAll(/"partial_json":("(?:[^"\\]|\\.)*")/g)].map(
        ([, text]) => JSON.parse(text) as unknown,
      );

      expect(partials).toEqual(['', '{"q', '":"', 'abc', '"}']);
      expect(sse).toMatch(/^event: message_start\ndata: /);
      expect(sse).toMatch(/event: message_stop\ndata: \{"type":"message_stop"\}\n\n$/);
    });

    it('should stream a string input as the raw text, to script arguments that are cut off', () => {
      const sse = sseFromAnthropicMessage(
        anthropicMessage({ toolUses: [{ name: 'f', input: '{"q":"ab' }], stopReason: 'max_tokens' }),
        { inputJsonFragmentSize: 100 },
      );

      expect(sse).toContain('"partial_json":"{\\"q\\":\\"ab"');
      expect(sse).toContain('"stop_reason":"max_tokens"');
    });

    it('should replay an SSE step cut into one-byte writes, which the client still reads whole', async () => {
      const original = anthropicMessage({
        text: '订单已发货 ✅',
        toolUses: [{ id: 'toolu_1', name: 'f', input: { a: 1 } }],
      });
      server = await AnthropicWireServer.start({
        script: [{ sse: sseFromAnthropicMessage(original), splitAt: splitEvery(1) }],
      });

      const assembled = await clientFor(server).messages.stream(ask).finalMessage();

      expect(assembled.content).toEqual(original.content);
    });

    it('should name every event, since the client skips events without a name', () => {
      expect(anthropicSseEvents([{ type: 'ping' }, '{"raw":true}'])).toBe(
        'event: ping\ndata: {"type":"ping"}\n\nevent: message\ndata: {"raw":true}\n\n',
      );
    });

    it('should answer 400 when an SSE step meets a request without stream: true', async () => {
      server = await AnthropicWireServer.start({ script: [{ sse: anthropicSseEvents([]) }] });

      await expect(clientFor(server).messages.create(ask)).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/is an SSE stream, but the request did not ask for stream: true/),
      });
    });
  });

  describe('when the client aborts a request', () => {
    it('should abort the waiting step function and report the exchange closed by the client', async () => {
      let arrived!: () => void;
      const stepWaiting = new Promise<void>((resolve) => (arrived = resolve));
      server = await AnthropicWireServer.start({
        script: [
          async (_body, _index, { signal }) => {
            arrived();
            await once(signal, 'abort');
            return anthropicMessage({ text: 'never sent' });
          },
        ],
      });
      const controller = new AbortController();

      const call = clientFor(server).messages.create(ask, { signal: controller.signal });
      await stepWaiting;
      controller.abort();

      await expect(call).rejects.toBeInstanceOf(Anthropic.APIUserAbortError);
      await expect(server.recordedRequests[0].ended).resolves.toBe('closed-by-client');
    });
  });

  describe('when the path is unknown', () => {
    it('should answer 404 with Anthropic’s error body', async () => {
      server = await AnthropicWireServer.start({ script: [] });

      const response = await fetch(`${server.baseUrl}/v1/models`);

      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        type: 'error',
        error: { type: 'not_found', message: expect.stringContaining('got GET /v1/models') },
      });
    });
  });
});
