import { ConfigurationError, Media, Prompt, UserMessage, type ChatResponse, type RetryOptions } from '@sprout-ai/core';
import { anthropicMessage, errorOf, sseFromAnthropicMessage } from '@sprout-ai/test';
import { wireModels } from './__fixtures__/wire-model';
import { AnthropicApiError } from './anthropic-api-error';
import { AnthropicChatModel } from './anthropic-chat-model';
import type { AnthropicChatOptions } from './anthropic-chat-options';

const OK = anthropicMessage({ text: 'shipped' });
const OVERLOADED = { status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } };
/** Small intervals, so the suite does not wait on backoff. */
const FAST: RetryOptions = { maxAttempts: 3, initialIntervalMs: 1, multiplier: 2, maxIntervalMs: 10 };

async function drain(stream: AsyncIterable<ChatResponse>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.result?.output.text ?? '';
  return text;
}

describe(AnthropicChatModel, () => {
  const modelWith = wireModels();

  describe('when a user message carries images (media)', () => {
    it('should send them as image blocks before the text: a URL as a url source, bytes as base64', async () => {
      const { model, wire } = await modelWith([OK]);
      const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47]);

      await model.call(
        new Prompt([
          new UserMessage('What is on these?', {}, [
            new Media({ mimeType: 'image/jpeg', data: 'https://example.com/parcel.jpg' }),
            new Media({ mimeType: 'image/png', data: png }),
            new Media({ mimeType: 'image/gif', data: 'data:image/gif,GIF89a' }),
          ]),
        ]),
      );

      expect(wire.requests[0].messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'url', url: 'https://example.com/parcel.jpg' } },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw==' } },
            { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: 'R0lGODlh' } },
            { type: 'text', text: 'What is on these?' },
          ],
        },
      ]);
    });

    it('should refuse media that is not an image it can send, naming the type, and send nothing', async () => {
      const { model, wire } = await modelWith([OK]);
      const pdf = new Media({ mimeType: 'application/pdf', data: 'https://example.com/a.pdf', name: 'a.pdf' });

      const error = await errorOf(model.call(new Prompt([new UserMessage('Read it', {}, [pdf])])), ConfigurationError);

      expect(error.message).toMatch(
        /sends images \(image\/jpeg, .*\) as media of a user message, not application\/pdf \('a\.pdf'\)/,
      );
      expect(wire.requests).toHaveLength(0);
    });
  });

  describe('when the options carry httpHeaders', () => {
    it('should send them as request headers, the request’s added to the defaults’', async () => {
      const { model, wire } = await modelWith([OK], {
        defaultOptions: { httpHeaders: { 'X-Tenant': 'shop', 'X-Trace': 'default' } },
      });
      const options: AnthropicChatOptions = { httpHeaders: { 'X-Trace': 't-42' } };

      await model.call(new Prompt('hi', options));

      expect(wire.recordedRequests[0].headers).toMatchObject({ 'x-tenant': 'shop', 'x-trace': 't-42' });
      expect(wire.requests[0]).not.toHaveProperty('httpHeaders');
    });
  });

  describe('with retry (spring.ai.retry.*)', () => {
    it('should retry an overloaded answer and then answer', async () => {
      const { model, wire } = await modelWith([OVERLOADED, OK], { maxRetries: undefined, retry: FAST });

      await expect(model.call(new Prompt('hi'))).resolves.toMatchObject({ result: { output: { text: 'shipped' } } });
      expect(wire.requests).toHaveLength(2);
    });

    it('should retry a 429 and a 503, counting one request per attempt, then answer', async () => {
      const rateLimited = {
        status: 429,
        body: { type: 'error', error: { type: 'rate_limit_error', message: 'slow' } },
      };
      const unavailable = { status: 503, body: { type: 'error', error: { type: 'api_error', message: 'down' } } };
      const { model, wire } = await modelWith([rateLimited, unavailable, OK], { maxRetries: undefined, retry: FAST });

      await expect(model.call(new Prompt('hi'))).resolves.toMatchObject({ result: { output: { text: 'shipped' } } });
      expect(wire.requests).toHaveLength(3);
    });

    it('should give up after maxAttempts with the last error', async () => {
      const { model, wire } = await modelWith([OVERLOADED, OVERLOADED, OVERLOADED], {
        maxRetries: undefined,
        retry: FAST,
      });

      const error = await errorOf(model.call(new Prompt('hi')), AnthropicApiError);

      expect(error).toMatchObject({ status: 529, errorType: 'overloaded_error' });
      expect(wire.requests).toHaveLength(3);
    });

    it('should not retry an answer the server marks x-should-retry: false, nor a 400', async () => {
      const { model, wire } = await modelWith(
        [
          { ...OVERLOADED, headers: { 'x-should-retry': 'false' } },
          { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: 'bad' } } },
        ],
        { maxRetries: undefined, retry: FAST },
      );

      await expect(model.call(new Prompt('a'))).rejects.toMatchObject({ status: 529 });
      await expect(model.call(new Prompt('b'))).rejects.toMatchObject({ status: 400 });
      expect(wire.requests).toHaveLength(2);
    });

    it('should retry a stream until its answer starts', async () => {
      const { model, wire } = await modelWith([OVERLOADED, { sse: sseFromAnthropicMessage(OK) }], {
        maxRetries: undefined,
        retry: FAST,
      });

      await expect(drain(model.stream(new Prompt('hi')))).resolves.toBe('shipped');
      expect(wire.requests).toHaveLength(2);
    });

    it('should refuse retry together with the client’s own maxRetries', () => {
      expect(() => new AnthropicChatModel({ retry: FAST, maxRetries: 2 })).toThrow(
        /given both retry \(spring\.ai\.retry\.\*\) and maxRetries 2/,
      );
    });
  });
});
