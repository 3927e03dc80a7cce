import {
  type ChatModel,
  type ChatModelRequestOptions,
  type ChatResponse,
  Prompt,
  RequestAbortedError,
} from '@sprout-ai/core';
import { assistantText } from '@sprout-ai/test';
import { ABORT_SIGNAL_KEY, ChatClientRequest } from '../chat-client-request';
import type { CallAdvisorChain } from './api/call-advisor-chain';
import { ChatModelCallAdvisor } from './chat-model-call-advisor';

const NO_CHAIN = {} as CallAdvisorChain;

function requestWith(signal: AbortSignal): ChatClientRequest {
  return new ChatClientRequest(new Prompt('hi'), { [ABORT_SIGNAL_KEY]: signal });
}

/** A model that records its calls and answers with `answer()`. */
function modelAnswering(answer: () => Promise<ChatResponse>): ChatModel & {
  readonly calls: (ChatModelRequestOptions | undefined)[];
} {
  const calls: (ChatModelRequestOptions | undefined)[] = [];
  return {
    calls,
    call: (_prompt, options) => {
      calls.push(options);
      return answer();
    },
  };
}

describe(ChatModelCallAdvisor, () => {
  describe('.adviseCall', () => {
    describe('when the request carries a signal', () => {
      it("should pass it to the model's call", async () => {
        const model = modelAnswering(async () => assistantText('ok'));
        const { signal } = new AbortController();

        const response = await new ChatModelCallAdvisor(model).adviseCall(requestWith(signal), NO_CHAIN);

        expect(response.chatResponse?.result?.output.text).toBe('ok');
        expect(model.calls).toEqual([{ signal }]);
      });
    });

    describe('when the signal is already aborted', () => {
      it('should reject with RequestAbortedError without calling the model', async () => {
        const model = modelAnswering(async () => assistantText('ok'));

        const call = new ChatModelCallAdvisor(model).adviseCall(requestWith(AbortSignal.abort('gone')), NO_CHAIN);

        await expect(call).rejects.toBeInstanceOf(RequestAbortedError);
        await expect(call).rejects.toMatchObject({ name: 'AbortError', reason: 'gone' });
        expect(model.calls).toHaveLength(0);
      });
    });

    describe('when the signal aborts while a model that ignores it is still answering', () => {
      it('should reject with RequestAbortedError at once and drop the late answer', async () => {
        let fail!: (error: Error) => void;
        const model = modelAnswering(() => new Promise<ChatResponse>((_resolve, reject) => (fail = reject)));
        const controller = new AbortController();

        const call = new ChatModelCallAdvisor(model).adviseCall(requestWith(controller.signal), NO_CHAIN);
        controller.abort();

        await expect(call).rejects.toBeInstanceOf(RequestAbortedError);
        fail(new Error('the model failed later'));
      });
    });

    describe('when the signal aborts after the answer', () => {
      it('should keep the answer', async () => {
        const model = modelAnswering(async () => assistantText('ok'));
        const controller = new AbortController();

        const response = await new ChatModelCallAdvisor(model).adviseCall(requestWith(controller.signal), NO_CHAIN);
        controller.abort();

        expect(response.chatResponse?.result?.output.text).toBe('ok');
      });
    });
  });
});
