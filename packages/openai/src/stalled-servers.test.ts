import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Prompt, type ChatResponse } from '@sprout-ai/core';
import { chatCompletion, sseEvents } from '@sprout-ai/test';
import { OpenAiApiError } from './openai-api-error';
import { OpenAiChatModel } from './openai-chat-model';

/** A server that answers every request with `respond` (raw bytes, to send what real servers got wrong). */
async function rawServer(respond: (res: ServerResponse) => void): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => respond(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}

async function collect(stream: AsyncIterable<ChatResponse>): Promise<ChatResponse[]> {
  const out: ChatResponse[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
  id: 's1',
  object: 'chat.completion.chunk',
  model: 'm',
  choices: [{ index: 0, delta, finish_reason: finishReason }],
});

describe(OpenAiChatModel, () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function modelFor(respond: (res: ServerResponse) => void, idleTimeoutMs = 300): Promise<OpenAiChatModel> {
    const started = await rawServer(respond);
    server = started.server;
    return new OpenAiChatModel({ baseUrl: started.baseUrl, apiKey: 'sk-test', maxRetries: 0, idleTimeoutMs });
  }

  describe('when the server stalls after the headers', () => {
    it('should fail .call() once the JSON body stops arriving, naming the setting', async () => {
      const model = await modelFor((res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,');
      });

      const error = await model.call(new Prompt('hi')).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(OpenAiApiError);
      expect((error as Error).message).toMatch(
        /^OpenAI-compatible endpoint http:\/\/127\.0\.0\.1:\d+\/v1 stopped sending its answer: nothing arrived for 300 ms\. Raise spring\.ai\.openai\.chat\.idle-timeout/,
      );
    });

    it('should fail .stream() once the chunks stop arriving, after the ones that came', async () => {
      const model = await modelFor((res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(sseEvents([chunk({ role: 'assistant', content: 'Your order ' })]).replace('data: [DONE]\n\n', ''));
      });
      const seen: string[] = [];

      const error = await (async () => {
        for await (const response of model.stream(new Prompt('hi'))) seen.push(response.result?.output.text ?? '');
      })().catch((e: unknown) => e);

      expect(seen).toEqual(['Your order ']);
      expect(error).toBeInstanceOf(OpenAiApiError);
      expect((error as Error).message).toMatch(
        /nothing arrived for 300 ms\. Raise spring\.ai\.openai\.chat\.idle-timeout/,
      );
    });
  });

  describe('when the envelope is not valid JSON', () => {
    it.each(['{"id":"x","object":"c', '<html>502 Bad Gateway</html>', '{"choices":[{]}'])(
      'should reject .call() with OpenAiApiError naming the endpoint for %j',
      async (body) => {
        const model = await modelFor((res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(body);
        });

        const error = await model.call(new Prompt('hi')).catch((e: unknown) => e);

        expect(error).toBeInstanceOf(OpenAiApiError);
        expect((error as Error).message).toMatch(
          /^OpenAI-compatible endpoint http:\/\/127\.0\.0\.1:\d+\/v1 answered a body that is not valid JSON \(.+\): it is not a chat completion\./,
        );
      },
    );
  });

  describe('when a streamed request is answered with one JSON completion (a proxy that ignores stream: true)', () => {
    it('should read the completion: text, tool calls, finish reason and usage', async () => {
      const completion = chatCompletion({
        content: 'Looking it up.',
        toolCalls: [{ id: 'call_1', name: 'getOrder', arguments: { orderId: 'A123' } }],
        usage: { promptTokens: 3, completionTokens: 4 },
      });
      const model = await modelFor((res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(completion));
      });

      const chunks = await collect(model.stream(new Prompt('hi')));

      expect(chunks.map((c) => c.result?.output.text ?? '').join('')).toBe('Looking it up.');
      const last = chunks[chunks.length - 1];
      expect(last.result?.output.toolCalls).toEqual([
        { id: 'call_1', type: 'function', name: 'getOrder', arguments: '{"orderId":"A123"}' },
      ]);
      expect(last.result?.metadata.finishReason).toBe('tool_calls');
      expect(last.metadata.usage).toEqual({ promptTokens: 3, completionTokens: 4, totalTokens: 7 });
    });
  });

  describe('when a stream ends without a complete answer', () => {
    it.each([
      ['an empty body', ''],
      ['only [DONE]', 'data: [DONE]\n\n'],
    ])('should reject .stream() for %s instead of answering ""', async (_name, body) => {
      const model = await modelFor((res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(body);
      });

      const error = await collect(model.stream(new Prompt('hi'))).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(OpenAiApiError);
      expect((error as Error).message).toMatch(
        /ended before the answer was complete: the stream carried no chunk at all\.$/,
      );
    });

    it('should reject .stream() when it is cut off cleanly mid-answer (no finish_reason, no [DONE])', async () => {
      const model = await modelFor((res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(
          sseEvents([chunk({ role: 'assistant', content: 'Your order has' }), chunk({ content: ' ship' })]).replace(
            'data: [DONE]\n\n',
            '',
          ),
        );
      });

      const error = await collect(model.stream(new Prompt('hi'))).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(OpenAiApiError);
      expect((error as Error).message).toMatch(
        /ended before the answer was complete: the stream ended after 2 chunks without a finish_reason/,
      );
    });
  });
});
