import { ChatResponse } from '@sprout-ai/core';
import { assistantText } from '@sprout-ai/test';
import { ChatClientResponse } from '../chat-client-response';
import { UsageAccumulator } from './usage-accumulator';

const usage = (promptTokens: number, completionTokens: number, totalTokens: number) => ({
  promptTokens,
  completionTokens,
  totalTokens,
});

describe(UsageAccumulator, () => {
  describe('.addRoundResponse', () => {
    it('should sum non-empty rounds and skip empty ones', () => {
      const accumulator = new UsageAccumulator();
      accumulator.addRoundResponse(assistantText('a', { usage: usage(10, 20, 30) }));
      accumulator.addRoundResponse(assistantText('b'));
      accumulator.addRoundResponse(assistantText('c', { usage: usage(0, 0, 0) }));
      accumulator.addRoundResponse(undefined);
      accumulator.addRoundResponse(assistantText('d', { usage: usage(1, 2, 3) }));

      expect(accumulator.accumulatedUsage).toEqual(usage(11, 22, 33));
    });

    it('should sum the prompt-cache counts of the rounds that report them', () => {
      const accumulator = new UsageAccumulator();
      accumulator.addRoundResponse(assistantText('a', { usage: { ...usage(100, 5, 105), cacheWriteInputTokens: 90 } }));
      accumulator.addRoundResponse(assistantText('b', { usage: usage(10, 1, 11) }));
      accumulator.addRoundResponse(assistantText('c', { usage: { ...usage(120, 7, 127), cacheReadInputTokens: 90 } }));

      expect(accumulator.accumulatedUsage).toEqual({
        ...usage(230, 13, 243),
        cacheReadInputTokens: 90,
        cacheWriteInputTokens: 90,
      });
    });
  });

  describe('.applyAccumulatedUsage', () => {
    it('should replace the usage and keep the other metadata', () => {
      const accumulator = new UsageAccumulator();
      accumulator.addRoundResponse(assistantText('a', { usage: usage(10, 20, 30) }));
      const last = assistantText('b', { usage: usage(1, 2, 3), model: 'm' });
      accumulator.addRoundResponse(last);

      const applied = accumulator.applyAccumulatedUsage(new ChatClientResponse(last, { k: 1 }));

      expect(applied.chatResponse?.metadata).toEqual({ ...last.metadata, usage: usage(11, 22, 33) });
      expect(applied.context).toEqual({ k: 1 });
    });

    it('should return the response itself when nothing was accumulated', () => {
      const response = new ChatClientResponse(new ChatResponse([]));

      expect(new UsageAccumulator().applyAccumulatedUsage(response)).toBe(response);
    });
  });
});
