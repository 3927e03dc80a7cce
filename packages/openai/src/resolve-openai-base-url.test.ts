import { errorOf } from '@sprout-ai/test';
import { ConfigurationError } from '@sprout-ai/core';
import { resolveOpenAiBaseUrl } from './resolve-openai-base-url';

describe(resolveOpenAiBaseUrl, () => {
  describe('when the URL has no path', () => {
    it.each([
      ['https://api.openai.com', 'https://api.openai.com/v1'],
      ['https://api.openai.com/', 'https://api.openai.com/v1'],
      ['http://localhost:11434', 'http://localhost:11434/v1'],
    ])('should append /v1 to %s', (input, expected) => {
      expect(resolveOpenAiBaseUrl(input)).toBe(expected);
    });
  });

  describe('when the URL has a path', () => {
    it.each([
      ['http://localhost:11434/v1', 'http://localhost:11434/v1'],
      ['http://localhost:11434/v1/', 'http://localhost:11434/v1'],
      ['https://example.com/openai/deployments/x', 'https://example.com/openai/deployments/x'],
    ])('should use %s as given, without a trailing slash', (input, expected) => {
      expect(resolveOpenAiBaseUrl(input)).toBe(expected);
    });
  });

  describe('when the URL is not an absolute http(s) URL', () => {
    it.each(['api.openai.com', 'ftp://example.com', ''])('should reject %j naming the property', (input) => {
      expect(errorOf(() => resolveOpenAiBaseUrl(input), ConfigurationError)).toMatchObject({
        setting: 'spring.ai.openai.base-url',
        value: input,
      });
      expect(() => resolveOpenAiBaseUrl(input)).toThrow(
        `spring.ai.openai.base-url '${input}' is not an absolute http(s) URL.`,
      );
    });
  });
});
