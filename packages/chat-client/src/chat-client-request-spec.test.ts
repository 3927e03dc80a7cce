import { type ChatModelRequestOptions, ConfigurationError, type Prompt, RequestAbortedError } from '@sprout-ai/core';
import { ScriptedChatModel, assistantText } from '@sprout-ai/test';
import type { CallAdvisor } from './advisor/api/call-advisor';
import type { StreamAdvisor } from './advisor/api/stream-advisor';
import { ChatClient } from './chat-client';
import { ABORT_SIGNAL_KEY } from './chat-client-request';
import { ChatClientRequestSpec } from './chat-client-request-spec';

/** An advisor that records the signal of each request it sees, on both paths. */
function signalRecorder(): CallAdvisor & StreamAdvisor & { readonly seen: unknown[] } {
  const seen: unknown[] = [];
  return {
    name: 'signal-recorder',
    order: 0,
    seen,
    adviseCall: (request, chain) => {
      seen.push(request.signal, request.context[ABORT_SIGNAL_KEY]);
      return chain.nextCall(request);
    },
    adviseStream: (request, chain) => {
      seen.push(request.signal, request.context[ABORT_SIGNAL_KEY]);
      return chain.nextStream(request);
    },
  };
}

/** A step that records the options the model was called with. */
function answering(text: string, seen: ChatModelRequestOptions[]) {
  return (_prompt: Prompt, _index: number, options: ChatModelRequestOptions) => {
    seen.push(options);
    return assistantText(text);
  };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe(ChatClientRequestSpec, () => {
  describe('.abortSignal', () => {
    describe('when given something that is not an AbortSignal', () => {
      it.each([
        ['undefined', undefined],
        ['null', null],
        ['an AbortController', new AbortController()],
        ['a look-alike object', { aborted: false, addEventListener: () => undefined }],
      ])('should throw ConfigurationError naming the setting for %s', (_label, value) => {
        const spec = ChatClient.create(new ScriptedChatModel([])).prompt('hi');

        const set = () => spec.abortSignal(value as never);

        expect(set).toThrow(ConfigurationError);
        expect(set).toThrow(/^abortSignal\(\): signal must be an AbortSignal, such as AbortSignal\.timeout\(30_000\)/);
        expect(() => spec.abortSignal(value as never)).toThrow(
          expect.objectContaining({ setting: 'abortSignal', value }),
        );
      });
    });

    describe('when the request is sent', () => {
      it('should carry the signal in the request context to every advisor and to the model, on .call() and .stream()', async () => {
        const recorder = signalRecorder();
        const options: ChatModelRequestOptions[] = [];
        const model = new ScriptedChatModel([answering('one', options), answering('two', options)]);
        const client = ChatClient.builder(model).defaultAdvisors(recorder).build();
        const { signal } = new AbortController();

        await client.prompt('a').abortSignal(signal).call().content();
        await collect(client.prompt('b').abortSignal(signal).stream().content());

        expect(recorder.seen).toEqual([signal, signal, signal, signal]);
        expect(options.map((o) => o.signal)).toEqual([signal, signal]);
      });

      it('should carry no signal when none was set', async () => {
        const recorder = signalRecorder();
        const options: ChatModelRequestOptions[] = [];
        const client = ChatClient.builder(new ScriptedChatModel([answering('one', options)]))
          .defaultAdvisors(recorder)
          .build();

        await client.prompt('a').call().content();

        expect(recorder.seen).toEqual([undefined, undefined]);
        expect(options).toEqual([{ signal: undefined }]);
      });
    });
  });

  describe('.call', () => {
    describe('when the signal is already aborted', () => {
      it('should reject with RequestAbortedError before any advisor or the model runs', async () => {
        const recorder = signalRecorder();
        const model = new ScriptedChatModel([assistantText('unused')]);
        const client = ChatClient.builder(model).defaultAdvisors(recorder).build();

        const call = client.prompt('hi').abortSignal(AbortSignal.abort('stop')).call().content();

        await expect(call).rejects.toBeInstanceOf(RequestAbortedError);
        await expect(call).rejects.toMatchObject({ name: 'AbortError', reason: 'stop' });
        expect(recorder.seen).toEqual([]);
        expect(model.prompts).toHaveLength(0);
      });
    });

    describe('when the signal aborts while a model that ignores it is answering', () => {
      it('should reject with RequestAbortedError at once', async () => {
        const controller = new AbortController();
        const model = new ScriptedChatModel([
          () => {
            setTimeout(() => controller.abort(), 5);
            return new Promise(() => undefined);
          },
        ]);

        const call = ChatClient.create(model).prompt('hi').abortSignal(controller.signal).call().chatResponse();

        await expect(call).rejects.toMatchObject({ name: 'AbortError' });
      });
    });
  });

  describe('.stream', () => {
    describe('when the signal is already aborted', () => {
      it.each(['content', 'chatResponse', 'chatClientResponse', 'events'] as const)(
        'should make %s() throw RequestAbortedError before any advisor or the model runs',
        async (helper) => {
          const recorder = signalRecorder();
          const model = new ScriptedChatModel([assistantText('unused')]);
          const client = ChatClient.builder(model).defaultAdvisors(recorder).build();
          const stream = client.prompt('hi').abortSignal(AbortSignal.abort()).stream();

          await expect(collect<unknown>(stream[helper]())).rejects.toBeInstanceOf(RequestAbortedError);
          expect(recorder.seen).toEqual([]);
          expect(model.prompts).toHaveLength(0);
        },
      );
    });

    describe('when the signal aborts mid-stream', () => {
      it.each(['content', 'chatResponse', 'chatClientResponse', 'events'] as const)(
        'should make %s() throw RequestAbortedError after what arrived, and end',
        async (helper) => {
          const model = new ScriptedChatModel([assistantText('Hello there, friend.')], { streamFragmentSize: 4 });
          const controller = new AbortController();
          const stream = ChatClient.create(model).prompt('hi').abortSignal(controller.signal).stream();
          const iterator = stream[helper]()[Symbol.asyncIterator]();

          const first = await iterator.next();
          controller.abort();

          expect(first.done).toBe(false);
          await expect(iterator.next()).rejects.toMatchObject({ name: 'AbortError' });
          await expect(iterator.next()).resolves.toEqual({ done: true, value: undefined });
        },
      );
    });
  });
});
