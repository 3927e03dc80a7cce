import { ConfigurationError, StructuredOutputValidationError, ToolSchemaRegistry } from '@sprout-ai/core';
import { ScriptedChatModel, assistantText } from '@sprout-ai/test';
import { ChatClient } from '../chat-client';
import { orderAnswerManifest } from '../__fixtures__/order-answer';
import { StructuredOutputValidationAdvisor } from './structured-output-validation-advisor';

const registry = new ToolSchemaRegistry().register(orderAnswerManifest);
const VALID = '{"orderId":"A123","status":"shipped"}';
const usage = (total: number) => ({ promptTokens: total - 1, completionTokens: 1, totalTokens: total });

describe(StructuredOutputValidationAdvisor, () => {
  describe('.adviseCall', () => {
    it('should sum the usage of every attempt into the answer it returns', async () => {
      const model = new ScriptedChatModel([
        assistantText('{"orderId":"A123"}', { usage: usage(10) }),
        assistantText(VALID, { usage: usage(20) }),
      ]);
      const advisor = new StructuredOutputValidationAdvisor({ outputType: 'OrderAnswer', registry });

      const response = await ChatClient.create(model).prompt('Where?').advisors(advisor).call().chatResponse();

      expect(response?.result?.output.text).toBe(VALID);
      expect(response?.metadata.usage).toMatchObject({ totalTokens: 30 });
      expect(model.prompts).toHaveLength(2);
    });

    it('should call the model once and throw at the first invalid answer with maxRepeatAttempts 0', async () => {
      const model = new ScriptedChatModel([assistantText('shipped')]);
      const advisor = new StructuredOutputValidationAdvisor({
        outputType: 'OrderAnswer',
        registry,
        maxRepeatAttempts: 0,
      });

      const error = await ChatClient.create(model)
        .prompt('Where?')
        .advisors(advisor)
        .call()
        .content()
        .catch((e: unknown) => e);

      expect(StructuredOutputValidationError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ answer: 'shipped', attempts: 1 });
      expect(model.prompts).toHaveLength(1);
    });
  });

  describe('when configured wrongly', () => {
    it.each([
      [{ maxRepeatAttempts: -1 }, /maxRepeatAttempts/],
      [{ maxRepeatAttempts: 1.5 }, /maxRepeatAttempts/],
      [{ advisorOrder: Number.MAX_SAFE_INTEGER }, /advisorOrder/],
    ])('should reject %j', (options, message) => {
      expect(() => new StructuredOutputValidationAdvisor({ outputType: 'OrderAnswer', registry, ...options })).toThrow(
        ConfigurationError,
      );
      expect(() => new StructuredOutputValidationAdvisor({ outputType: 'OrderAnswer', registry, ...options })).toThrow(
        message,
      );
    });
  });
});
