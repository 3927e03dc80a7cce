import { Prompt } from '@sprout-ai/core';
import { ScriptedChatModel, assistantText } from '@sprout-ai/test';
import { ChatClientRequest } from '../chat-client-request';
import { ChatClientResponse } from '../chat-client-response';
import { AdvisorChainError } from './advisor-chain-error';
import type { CallAdvisor } from './api/call-advisor';
import { ChatModelCallAdvisor } from './chat-model-call-advisor';
import { DefaultAroundAdvisorChain } from './default-around-advisor-chain';

function recorder(name: string, order: number, log: string[]): CallAdvisor {
  return {
    name,
    order,
    async adviseCall(request, chain) {
      log.push(`${name}>`);
      const response = await chain.nextCall(request);
      log.push(`<${name}`);
      return response;
    },
  };
}

const request = new ChatClientRequest(new Prompt('hi'));

describe(DefaultAroundAdvisorChain, () => {
  describe('.nextCall', () => {
    it('should run advisors by ascending order, equal orders in insertion order, the model last', async () => {
      const log: string[] = [];
      const model = new ScriptedChatModel([assistantText('hello')]);
      const chain = DefaultAroundAdvisorChain.builder()
        .pushAll([recorder('late', 10, log), recorder('first-zero', 0, log), recorder('second-zero', 0, log)])
        .push(new ChatModelCallAdvisor(model))
        .push(recorder('early', -5, log))
        .build();

      const response = await chain.nextCall(request);

      expect(log).toEqual([
        'early>',
        'first-zero>',
        'second-zero>',
        'late>',
        '<late',
        '<second-zero',
        '<first-zero',
        '<early',
      ]);
      expect(response.chatResponse?.result?.output.text).toBe('hello');
      expect(chain.callAdvisors.map((a) => a.name)).toEqual(['early', 'first-zero', 'second-zero', 'late', 'call']);
    });

    it('should fail with a clear error when the last advisor calls the chain', async () => {
      const chain = DefaultAroundAdvisorChain.builder()
        .push(recorder('only', 0, []))
        .build();

      await expect(chain.nextCall(request)).rejects.toBeInstanceOf(AdvisorChainError);
      await expect(chain.nextCall(request)).rejects.toThrow(/No CallAdvisors available to execute/);
    });
  });

  describe('.copy', () => {
    it('should hold only the advisors after the given one', async () => {
      const log: string[] = [];
      const a = recorder('a', 1, log);
      const b = recorder('b', 2, log);
      const last: CallAdvisor = {
        name: 'last',
        order: 3,
        adviseCall: async (req) => Promise.resolve(new ChatClientResponse(undefined, req.context)),
      };
      const chain = DefaultAroundAdvisorChain.builder().pushAll([b, last, a]).build();

      const copy = chain.copy(a);
      await copy.nextCall(request);

      expect(copy.callAdvisors).toEqual([b, last]);
      expect(log).toEqual(['b>', '<b']);
    });

    describe('when the advisor is not part of the chain', () => {
      it('should throw an error naming it', () => {
        const chain = DefaultAroundAdvisorChain.builder()
          .push(recorder('a', 1, []))
          .build();

        expect(() => chain.copy(recorder('stranger', 1, []))).toThrow(
          /The specified advisor is not part of the chain: stranger/,
        );
      });
    });
  });
});
