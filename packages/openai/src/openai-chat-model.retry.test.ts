import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigurationError, Prompt, RequestAbortedError, type ChatResponse, type RetryOptions } from '@sprout-ai/core';
import { captureLogLines, chatCompletion, errorOf, sseFromChatCompletion, type WireScriptStep } from '@sprout-ai/test';
import OpenAI from 'openai';
import { wireModels } from './__fixtures__/wire-model';
import { OpenAiApiError } from './openai-api-error';
import { OpenAiChatModel } from './openai-chat-model';

const OK = chatCompletion({ content: 'shipped' });
const RATE_LIMITED = { status: 429, body: { error: { message: 'Rate limit reached', type: 'requests' } } };
const UNAVAILABLE = { status: 503, body: { error: { message: 'overloaded' } } };
const BAD_REQUEST = { status: 400, body: { error: { message: 'bad' } } };
/** Waits long enough that a test relying on it times out: only Retry-After or a short interval may apply. */
const NEVER_MS = 600_000;
/** Small intervals, so the suite does not wait on backoff. */
const FAST: RetryOptions = { maxAttempts: 3, initialIntervalMs: 1, multiplier: 2, maxIntervalMs: 10 };

async function retryDelays(run: () => Promise<unknown>): Promise<unknown[]> {
  const logs = captureLogLines();
  try {
    await run().catch(() => undefined);
    const records = await logs.records();
    return records.filter((record) => record.msg === 'model call failed; retrying').map((record) => record.delayMs);
  } finally {
    logs.restore();
  }
}

async function drain(stream: AsyncIterable<ChatResponse>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.result?.output.text ?? '';
  return text;
}

describe(OpenAiChatModel, () => {
  const modelWith = wireModels();
  const withRetry = (script: readonly WireScriptStep[], retry: RetryOptions) =>
    modelWith(script, { maxRetries: undefined, retry });

  describe('.call with retry (spring.ai.retry.*)', () => {
    it('should retry a 429 and honour its Retry-After instead of the backoff', async () => {
      const limited = { ...RATE_LIMITED, headers: { 'retry-after': '0' } };
      const { model, wire } = await withRetry([limited, OK], { initialIntervalMs: NEVER_MS, maxIntervalMs: NEVER_MS });

      const delays = await retryDelays(async () => {
        await expect(model.call(new Prompt('Where is A123?'))).resolves.toMatchObject({
          result: { output: { text: 'shipped' } },
        });
      });

      expect(wire.requests).toHaveLength(2);
      expect(delays).toEqual([0]);
    });

    it('should wait retry-after-ms, capped at maxIntervalMs', async () => {
      const limited = { ...RATE_LIMITED, headers: { 'retry-after-ms': '60000' } };
      const { model, wire } = await withRetry([limited, OK], { ...FAST, maxIntervalMs: 5 });

      const delays = await retryDelays(() => model.call(new Prompt('Hi')));

      expect(wire.requests).toHaveLength(2);
      expect(delays).toEqual([5]);
    });

    it('should back off exponentially on 5xx up to maxIntervalMs, then succeed', async () => {
      const { model, wire } = await withRetry([UNAVAILABLE, UNAVAILABLE, UNAVAILABLE, OK], {
        maxAttempts: 4,
        initialIntervalMs: 2,
        multiplier: 3,
        maxIntervalMs: 10,
      });

      const delays = await retryDelays(async () => {
        await expect(model.call(new Prompt('Hi'))).resolves.toBeDefined();
      });

      expect(wire.requests).toHaveLength(4);
      expect(delays).toEqual([2, 6, 10]);
    });

    it('should stop after maxAttempts and throw the last failure', async () => {
      const { model, wire } = await withRetry([UNAVAILABLE, UNAVAILABLE, OK], { ...FAST, maxAttempts: 2 });

      const error = await errorOf(model.call(new Prompt('Hi')));

      expect(OpenAiApiError.isInstance(error) && error.status).toBe(503);
      expect(wire.requests).toHaveLength(2);
    });

    it.each([
      ['a 400 (client error)', [BAD_REQUEST, OK], FAST, 1],
      ['a 400 with onClientErrors', [BAD_REQUEST, OK], { ...FAST, onClientErrors: true }, 2],
      ['a 400 listed in onHttpCodes', [BAD_REQUEST, OK], { ...FAST, onHttpCodes: [400] }, 2],
      ['a 429 listed in excludeOnHttpCodes', [RATE_LIMITED, OK], { ...FAST, excludeOnHttpCodes: [429] }, 1],
      ['a 503 listed in excludeOnHttpCodes', [UNAVAILABLE, OK], { ...FAST, excludeOnHttpCodes: [503] }, 1],
      ['an answer that is not a completion', [{ status: 200, body: { nope: true } }, OK], FAST, 1],
      ['a 503 with x-should-retry: false', [{ ...UNAVAILABLE, headers: { 'x-should-retry': 'false' } }, OK], FAST, 1],
    ] as const)('should send %s the number of times the rules say', async (_case, script, retry, requests) => {
      const { model, wire } = await withRetry(script, retry);

      await model.call(new Prompt('Hi')).catch(() => undefined);

      expect(wire.requests).toHaveLength(requests);
    });

    it('should retry a connection error', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve));
      const model = new OpenAiChatModel({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', retry: FAST });

      const delays = await retryDelays(async () => {
        const error = await errorOf(model.call(new Prompt('Hi')));
        expect((error as Error).message).toContain('is unreachable');
      });

      expect(delays).toEqual([1, 2]);
    });

    it('should reject at once when the signal aborts while waiting to retry', async () => {
      const controller = new AbortController();
      const { model, wire } = await withRetry(
        [
          () => {
            setImmediate(() => controller.abort());
            return UNAVAILABLE;
          },
          OK,
        ],
        { initialIntervalMs: NEVER_MS, maxIntervalMs: NEVER_MS },
      );

      const error = await errorOf(model.call(new Prompt('Hi'), { signal: controller.signal }));

      expect(RequestAbortedError.isInstance(error)).toBe(true);
      expect(wire.requests).toHaveLength(1);
    });

    it("should turn a given client's own retries off", async () => {
      const { wire } = await modelWith([UNAVAILABLE, UNAVAILABLE, OK]);
      const client = new OpenAI({ baseURL: wire.baseUrl, apiKey: 'k', maxRetries: 2 });
      const model = new OpenAiChatModel({ client, retry: { ...FAST, maxAttempts: 1 } });

      await model.call(new Prompt('Hi')).catch(() => undefined);

      expect(wire.requests).toHaveLength(1);
    });
  });

  describe('.stream with retry', () => {
    it('should retry a 429 answered before the stream started', async () => {
      const { model, wire } = await withRetry([RATE_LIMITED, OK], FAST);

      await expect(drain(model.stream(new Prompt('Hi')))).resolves.toBe('shipped');
      expect(wire.requests).toHaveLength(2);
    });

    it('should never retry once a chunk was yielded, even for a retryable failure', async () => {
      const stalled = { sse: sseFromChatCompletion(OK), hold: { afterPieces: 2 } };
      const { model, wire } = await modelWith([stalled, OK], { maxRetries: undefined, retry: FAST, idleTimeoutMs: 50 });
      const texts: string[] = [];

      const error = await errorOf(
        (async () => {
          for await (const chunk of model.stream(new Prompt('Hi'))) texts.push(chunk.result?.output.text ?? '');
        })(),
      );

      expect((error as Error).message).toContain('nothing arrived for 50 ms');
      expect(texts.join('')).not.toBe('');
      expect(wire.requests).toHaveLength(1);
    });
  });

  describe('constructor with retry', () => {
    it('should refuse retry together with client retries: one place retries', () => {
      const error = errorOf(() => new OpenAiChatModel({ retry: FAST, maxRetries: 2 }));

      expect(ConfigurationError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('one place retries a request');
    });
  });
});
