import { SproutProperties } from './sprout-properties';

describe('bindOpenAiProperties (through SproutProperties)', () => {
  describe('sprout.openai.chat.native-structured-output', () => {
    it('should be true by default, and false when set so', () => {
      expect(SproutProperties.from({}).openAi.chat.nativeStructuredOutput).toBe(true);
      expect(
        SproutProperties.from({ 'sprout.openai.chat.native-structured-output': 'false' }).openAi.chat
          .nativeStructuredOutput,
      ).toBe(false);
    });

    it('should reject a value that is not a boolean, naming the key', () => {
      expect(() => SproutProperties.from({ 'sprout.openai.chat.native-structured-output': 'sometimes' })).toThrow(
        /sprout\.openai\.chat\.native-structured-output/,
      );
    });
  });
});
