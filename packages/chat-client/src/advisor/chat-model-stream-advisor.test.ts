import {
  type ChatModelRequestOptions,
  type ChatResponse,
  Prompt,
  RequestAbortedError,
  type StreamingChatModel,
} from '@sprout-ai/core';
import { assistantText } from '@sprout-ai/test';
import { ABORT_SIGNAL_KEY, ChatClientRequest } from '../chat-client-request';
import type { ChatClientResponse } from '../chat-client-response';
import type { StreamAdvisorChain } from './api/stream-advisor-chain';
import { ChatModelStreamAdvisor } from './chat-model-stream-advisor';

const NO_CHAIN = {} as StreamAdvisorChain;

function requestWith(signal: AbortSignal): ChatClientRequest {
  return new ChatClientRequest(new Prompt('hi'), { [ABORT_SIGNAL_KEY]: signal });
}

/** A streaming model that ignores the signal, streaming what `chunks` yields, and records its calls and its end. */
function streamingModel(chunks: () => AsyncGenerator<ChatResponse>) {
  const calls: (ChatModelRequestOptions | undefined)[] = [];
  const state = { returned: false };
  const model: StreamingChatModel & { call: () => Promise<ChatResponse> } = {
    call: () => Promise.reject(new Error('not used')),
    stream: (_prompt, options) => {
      calls.push(options);
      return {
        [Symbol.asyncIterator]: async function* () {
          try {
            yield* chunks();
          } finally {
            state.returned = true;
          }
        },
      };
    },
  };
  return { model, calls, state };
}

/** Iterates `stream`, returning the texts received and the error it ended with. */
async function drain(
  stream: AsyncIterable<ChatClientResponse>,
  onChunk: (text: string) => void = () => undefined,
): Promise<{ texts: string[]; error?: unknown }> {
  const texts: string[] = [];
  try {
    for await (const response of stream) {
      const text = response.chatResponse?.result?.output.text ?? '';
      texts.push(text);
      onChunk(text);
    }
  } catch (error) {
    return { texts, error };
  }
  return { texts };
}

describe(ChatModelStreamAdvisor, () => {
  describe('.adviseStream', () => {
    describe('when the request carries a signal', () => {
      it("should pass it to the model's stream", async () => {
        const { model, calls } = streamingModel(async function* () {
          yield assistantText('a');
        });
        const { signal } = new AbortController();

        const { texts, error } = await drain(
          new ChatModelStreamAdvisor(model).adviseStream(requestWith(signal), NO_CHAIN),
        );

        expect(error).toBeUndefined();
        expect(texts).toEqual(['a']);
        expect(calls).toEqual([{ signal }]);
      });

      it('should pass it to the call of a model that cannot stream', async () => {
        const calls: (ChatModelRequestOptions | undefined)[] = [];
        const model = {
          call: async (_prompt: Prompt, options?: ChatModelRequestOptions) => {
            calls.push(options);
            return assistantText('whole');
          },
        };
        const { signal } = new AbortController();

        const { texts } = await drain(new ChatModelStreamAdvisor(model).adviseStream(requestWith(signal), NO_CHAIN));

        expect(texts).toEqual(['whole']);
        expect(calls).toEqual([{ signal }]);
      });
    });

    describe('when the signal is already aborted', () => {
      it('should throw RequestAbortedError without calling the model', async () => {
        const { model, calls } = streamingModel(async function* () {
          yield assistantText('a');
        });

        const { texts, error } = await drain(
          new ChatModelStreamAdvisor(model).adviseStream(requestWith(AbortSignal.abort()), NO_CHAIN),
        );

        expect(error).toBeInstanceOf(RequestAbortedError);
        expect(texts).toEqual([]);
        expect(calls).toHaveLength(0);
      });
    });

    describe('when the signal aborts between chunks of a model that ignores it', () => {
      it("should throw RequestAbortedError before the next chunk and end the model's stream", async () => {
        const { model, state } = streamingModel(async function* () {
          yield assistantText('a');
          yield assistantText('b');
        });
        const controller = new AbortController();

        const { texts, error } = await drain(
          new ChatModelStreamAdvisor(model).adviseStream(requestWith(controller.signal), NO_CHAIN),
          () => controller.abort(),
        );

        expect(error).toMatchObject({ name: 'AbortError' });
        expect(texts).toEqual(['a']);
        expect(state.returned).toBe(true);
      });
    });

    describe('when the signal aborts while a chunk of a model that ignores it is awaited', () => {
      it('should throw RequestAbortedError at once', async () => {
        let release!: () => void;
        const { model, state } = streamingModel(async function* () {
          yield assistantText('a');
          await new Promise<void>((resolve) => (release = resolve));
          yield assistantText('late');
        });
        const controller = new AbortController();
        const stream = new ChatModelStreamAdvisor(model).adviseStream(requestWith(controller.signal), NO_CHAIN);

        const { texts, error } = await drain(stream, () => setTimeout(() => controller.abort(), 10));
        release();
        await new Promise((resolve) => setTimeout(resolve, 0));

        expect(error).toBeInstanceOf(RequestAbortedError);
        expect(texts).toEqual(['a']);
        expect(state.returned).toBe(true);
      });
    });

    describe('when the model ends its stream quietly after the signal aborted', () => {
      it('should throw RequestAbortedError instead of ending as if the answer were complete', async () => {
        const controller = new AbortController();
        const { model } = streamingModel(async function* () {
          yield assistantText('cut ');
          controller.abort();
        });

        const { texts, error } = await drain(
          new ChatModelStreamAdvisor(model).adviseStream(requestWith(controller.signal), NO_CHAIN),
        );

        expect(error).toBeInstanceOf(RequestAbortedError);
        expect(texts).toEqual(['cut ']);
      });
    });

    describe('when the signal aborts after the stream ended', () => {
      it('should keep every chunk', async () => {
        const { model } = streamingModel(async function* () {
          yield assistantText('a');
          yield assistantText('b');
        });
        const controller = new AbortController();

        const { texts, error } = await drain(
          new ChatModelStreamAdvisor(model).adviseStream(requestWith(controller.signal), NO_CHAIN),
        );
        controller.abort();

        expect(error).toBeUndefined();
        expect(texts).toEqual(['a', 'b']);
      });
    });
  });
});
