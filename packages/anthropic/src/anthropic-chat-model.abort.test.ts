import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Prompt, RequestAbortedError } from '@sprout-ai/core';
import {
  anthropicMessage,
  errorOf,
  sseFromAnthropicMessage,
  type AnthropicWireScriptStep,
  type AnthropicWireStepFunction,
} from '@sprout-ai/test';
import { wireModels } from './__fixtures__/wire-model';
import { AnthropicApiError } from './anthropic-api-error';
import { AnthropicChatModel } from './anthropic-chat-model';

/** A step that holds its answer until the client closes the request, and says when it was reached. */
function heldStep(): { step: AnthropicWireStepFunction; arrived: Promise<void> } {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const step: AnthropicWireStepFunction = async (_body, _index, { signal }) => {
    arrive();
    await once(signal, 'abort');
    return anthropicMessage({ text: 'never sent' });
  };
  return { step, arrived };
}

/** A streamed answer that pauses after message_start, ping and its first text delta. */
function heldStream(): AnthropicWireScriptStep {
  return { sse: sseFromAnthropicMessage(anthropicMessage({ text: 'Hello there, friend.' })), hold: { afterPieces: 4 } };
}

describe('AnthropicChatModel cancellation and stalls', () => {
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

    describe('when the signal is aborted before the call', () => {
      it('should reject without sending a request', async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'unused' })]);

        await expect(model.call(new Prompt('hi'), { signal: AbortSignal.abort() })).rejects.toMatchObject({
          name: 'AbortError',
        });
        expect(wire.requests).toHaveLength(0);
      });
    });

    describe('when the JSON body stops arriving after the headers', () => {
      let server: Server | undefined;
      afterEach(async () => {
        server?.closeAllConnections();
        await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      });

      it('should fail after the idle timeout, naming the setting', async () => {
        server = createServer((req, res) => {
          req.resume();
          req.on('end', () => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.write('{"id":"msg_1","type":"message","content":[');
          });
        });
        await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
        const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const model = new AnthropicChatModel({ baseUrl, apiKey: 'k', maxRetries: 0, idleTimeoutMs: 200 });

        const error = await errorOf(model.call(new Prompt('hi')), AnthropicApiError);

        expect(error.message).toBe(
          `Anthropic endpoint ${baseUrl} stopped sending its answer: nothing arrived for 200 ms. ` +
            'Raise spring.ai.anthropic.chat.idle-timeout (idleTimeoutMs) if the server is only slow.',
        );
      });
    });
  });

  describe('.stream', () => {
    describe('when the signal aborts mid-stream', () => {
      it('should throw RequestAbortedError after the chunks that came, yield no last chunk, and close the request', async () => {
        const { model, wire } = await modelWith([heldStream()]);
        const controller = new AbortController();
        const texts: string[] = [];

        const iteration = (async () => {
          for await (const chunk of model.stream(new Prompt('hi'), { signal: controller.signal })) {
            texts.push(chunk.result?.output.text ?? '');
            controller.abort();
          }
        })();

        await expect(iteration).rejects.toBeInstanceOf(RequestAbortedError);
        expect(texts).toEqual(['Hello th']);
        await expect(wire.recordedRequests[0].ended).resolves.toBe('closed-by-client');
      });
    });

    describe('when the stream stops arriving', () => {
      it('should fail after the idle timeout with the chunks that came, naming the setting', async () => {
        const { model } = await modelWith([heldStream()], { idleTimeoutMs: 200 });
        const texts: string[] = [];

        const error = await errorOf(
          (async () => {
            for await (const chunk of model.stream(new Prompt('hi'))) texts.push(chunk.result?.output.text ?? '');
          })(),
          AnthropicApiError,
        );

        expect(texts).toEqual(['Hello th']);
        expect(error.message).toMatch(
          /stopped sending its answer: nothing arrived for 200 ms\. Raise spring\.ai\.anthropic\.chat\.idle-timeout/,
        );
      });
    });
  });
});
