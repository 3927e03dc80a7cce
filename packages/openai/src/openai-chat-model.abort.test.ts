import { getEventListeners, once } from 'node:events';
import { type ChatResponse, Prompt, RequestAbortedError } from '@sprout-ai/core';
import { chatCompletion, sseFromChatCompletion, type WireScriptStep, type WireStepFunction } from '@sprout-ai/test';
import { wireModels } from './__fixtures__/wire-model';
import { OpenAiChatModel } from './openai-chat-model';

/** A step that holds its answer until the client closes the request, and says when it was reached. */
function heldStep(): { step: WireStepFunction; arrived: Promise<void> } {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const step: WireStepFunction = async (_body, _index, { signal }) => {
    arrive();
    await once(signal, 'abort');
    return chatCompletion({ content: 'never sent' });
  };
  return { step, arrived };
}

/** A streamed answer whose stream pauses after its first two events (role, then 'Hello th'). */
function heldStream(): WireScriptStep {
  return { sse: sseFromChatCompletion(chatCompletion({ content: 'Hello there, friend.' })), hold: { afterPieces: 2 } };
}

describe(OpenAiChatModel, () => {
  const modelWith = wireModels();

  describe('.call', () => {
    describe('when the signal aborts while the answer is awaited', () => {
      it('should reject with RequestAbortedError carrying the reason, and close the HTTP request', async () => {
        const { step, arrived } = heldStep();
        const { model, wire } = await modelWith([step]);
        const controller = new AbortController();

        const call = model.call(new Prompt('hi'), { signal: controller.signal });
        await arrived;
        controller.abort('user left');

        await expect(call).rejects.toBeInstanceOf(RequestAbortedError);
        await expect(call).rejects.toMatchObject({ name: 'AbortError', reason: 'user left' });
        await expect(wire.recordedRequests[0].ended).resolves.toBe('closed-by-client');
      });
    });

    describe('when an AbortSignal.timeout expires while the answer is awaited', () => {
      it('should reject with RequestAbortedError whose reason is the TimeoutError', async () => {
        const { step, arrived } = heldStep();
        const { model, wire } = await modelWith([step]);

        // Long enough for the request to reach the server on a loaded machine, so its connection is seen closing.
        const call = model.call(new Prompt('hi'), { signal: AbortSignal.timeout(500) });
        await arrived;

        await expect(call).rejects.toMatchObject({
          name: 'AbortError',
          reason: expect.objectContaining({ name: 'TimeoutError' }),
          message: 'The request was aborted (The operation was aborted due to timeout).',
        });
        await expect(wire.recordedRequests[0].ended).resolves.toBe('closed-by-client');
      });
    });

    describe('when the signal is aborted before the call', () => {
      it('should reject without sending a request', async () => {
        const { model, wire } = await modelWith([chatCompletion({ content: 'unused' })]);

        const call = model.call(new Prompt('hi'), { signal: AbortSignal.abort() });

        await expect(call).rejects.toMatchObject({ name: 'AbortError' });
        expect(wire.requests).toHaveLength(0);
      });
    });

    describe('when the signal aborts while the client waits to retry', () => {
      it('should reject at once and send no retry', async () => {
        const retryAfterMs = 800;
        const busy = {
          status: 503,
          body: { error: { message: 'busy' } },
          headers: { 'retry-after-ms': `${retryAfterMs}` },
        };
        const { model, wire } = await modelWith([busy, chatCompletion({ content: 'too late' })], { maxRetries: 1 });
        const controller = new AbortController();
        const call = model.call(new Prompt('hi'), { signal: controller.signal });
        while (wire.recordedRequests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        await wire.recordedRequests[0].ended;
        const answeredAt = Date.now();

        controller.abort();

        await expect(call).rejects.toMatchObject({ name: 'AbortError' });
        expect(Date.now() - answeredAt).toBeLessThan(retryAfterMs / 2);
        // the openai client's retry timer cannot be cancelled: let it run out, then check it sent nothing
        await new Promise((resolve) => setTimeout(resolve, retryAfterMs + 100 - (Date.now() - answeredAt)));
        expect(wire.requests).toHaveLength(1);
      });
    });

    describe('when the signal aborts after the answer', () => {
      it('should keep the answer', async () => {
        const { model } = await modelWith([chatCompletion({ content: 'done' })]);
        const controller = new AbortController();

        const response = await model.call(new Prompt('hi'), { signal: controller.signal });
        controller.abort();

        expect(response.result?.output.text).toBe('done');
      });
    });

    describe('when one signal serves many requests', () => {
      it('should leave no listener on it', async () => {
        const { model } = await modelWith(Array.from({ length: 12 }, () => chatCompletion({ content: 'ok' })));
        const { signal } = new AbortController();

        for (let i = 0; i < 12; i++) await model.call(new Prompt('hi'), { signal });

        expect(getEventListeners(signal, 'abort')).toHaveLength(0);
      });
    });
  });

  describe('.stream', () => {
    describe('when the signal aborts mid-stream', () => {
      it('should throw RequestAbortedError after the chunks already read, with no last chunk, and close the HTTP request', async () => {
        const { model, wire } = await modelWith([heldStream()]);
        const controller = new AbortController();
        const iterator = model.stream(new Prompt('hi'), { signal: controller.signal })[Symbol.asyncIterator]();

        const first = await iterator.next();
        controller.abort();
        const rest: ChatResponse[] = [];
        const ended = (async () => {
          for (let next = await iterator.next(); next.done !== true; next = await iterator.next())
            rest.push(next.value);
        })();

        await expect(ended).rejects.toBeInstanceOf(RequestAbortedError);
        await expect(ended).rejects.toMatchObject({ name: 'AbortError' });
        expect((first.value as ChatResponse).result?.output.text).toBe('Hello th');
        expect(rest.some((chunk) => chunk.result?.metadata.finishReason !== undefined)).toBe(false);
        await expect(wire.recordedRequests[0].ended).resolves.toBe('closed-by-client');
        await expect(iterator.next()).resolves.toEqual({ done: true, value: undefined });
      });
    });

    describe('when the signal aborts before the response headers arrive', () => {
      it('should throw RequestAbortedError and close the HTTP request', async () => {
        const { step, arrived } = heldStep();
        const { model, wire } = await modelWith([step]);
        const controller = new AbortController();

        const chunks = collect(model.stream(new Prompt('hi'), { signal: controller.signal }));
        await arrived;
        controller.abort();

        await expect(chunks).rejects.toMatchObject({ name: 'AbortError' });
        await expect(wire.recordedRequests[0].ended).resolves.toBe('closed-by-client');
      });
    });

    describe('when the signal is aborted before iteration', () => {
      it('should throw without sending a request', async () => {
        const { model, wire } = await modelWith([chatCompletion({ content: 'unused' })]);

        await expect(collect(model.stream(new Prompt('hi'), { signal: AbortSignal.abort() }))).rejects.toMatchObject({
          name: 'AbortError',
        });
        expect(wire.requests).toHaveLength(0);
      });
    });

    describe('when the signal aborts after the stream ended', () => {
      it('should keep every chunk and leave no listener on the signal', async () => {
        const { model } = await modelWith([chatCompletion({ content: 'All done.' })]);
        const controller = new AbortController();

        const chunks = await collect(model.stream(new Prompt('hi'), { signal: controller.signal }));
        controller.abort();

        expect(chunks.map((chunk) => chunk.result?.output.text ?? '').join('')).toBe('All done.');
        expect(chunks[chunks.length - 1].result?.metadata.finishReason).toBe('stop');
        expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      });
    });
  });
});

async function collect(stream: AsyncIterable<ChatResponse>): Promise<ChatResponse[]> {
  const chunks: ChatResponse[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}
