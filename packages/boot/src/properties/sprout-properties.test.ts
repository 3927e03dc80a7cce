import { errorOf } from '@sprout-ai/test';
import { InvalidPropertyError } from './invalid-property-error';
import { bindChatClientProperties } from './chat-client-properties';
import { bindChatMemoryProperties } from './chat-memory-properties';
import { PropertyReader } from './property-reader';
import { SproutProperties } from './sprout-properties';
import { bindToolCallingProperties } from './tool-calling-properties';

describe(SproutProperties, () => {
  describe('.from', () => {
    describe('when a value Sprout binds is not allowed', () => {
      const POSITIVE_OR_UNLIMITED = 'a positive integer or -1 (unlimited)';
      const POSITIVE_DURATION = 'a positive duration such as 500ms, 20s, 2m or 1h (a bare number is milliseconds)';
      const cases: ReadonlyArray<[key: string, value: string, allowed: string]> = [
        ['spring.ai.tools.throw-exception-on-error', 'yes', 'true or false'],
        ['spring.ai.tools.resolution.fallback.enabled', '1', 'true or false'],
        ['spring.ai.tools.limits.max-calls-per-tool-default', '0', POSITIVE_OR_UNLIMITED],
        ['spring.ai.tools.limits.max-calls-per-tool-default', '-2', POSITIVE_OR_UNLIMITED],
        ['spring.ai.tools.limits.max-calls-per-tool-default', '2.5', POSITIVE_OR_UNLIMITED],
        ['spring.ai.tools.limits.max-calls-per-tool-default', '99999999999999999999', POSITIVE_OR_UNLIMITED],
        ['spring.ai.tools.limits.max-total-tool-calls', 'abc', POSITIVE_OR_UNLIMITED],
        ['spring.ai.tools.limits.max-total-tool-calls', '0', POSITIVE_OR_UNLIMITED],
        ['spring.ai.tools.limits.max-rounds', '0', POSITIVE_OR_UNLIMITED],
        [
          'spring.ai.tools.limits.max-calls-per-tool.getOrderStatus',
          '0',
          'a positive integer, or -1 to exclude the tool from per-tool limits',
        ],
        ['spring.ai.tools.limits.on-limit-exceeded', 'IGNORE', 'one of THROW, RETURN_ERROR_RESPONSE'],
        ['spring.ai.tools.execution.max-concurrency', '0', 'a positive integer'],
        ['spring.ai.tools.execution.max-concurrency', '-1', 'a positive integer'],
        ['spring.ai.tools.execution.max-concurrency', 'many', 'a positive integer'],
        ['spring.ai.tools.execution.timeout', '0', POSITIVE_DURATION],
        ['spring.ai.tools.execution.timeout', '-5s', POSITIVE_DURATION],
        ['spring.ai.tools.execution.timeout', '30 sec', POSITIVE_DURATION],
        ['spring.ai.tools.execution.timeout', '1.5s', POSITIVE_DURATION],
        ['spring.ai.tools.result.max-chars', '0', 'a positive integer or -1 (no cap)'],
        ['spring.ai.tools.result.max-chars', '-2', 'a positive integer or -1 (no cap)'],
        ['spring.ai.tools.result.max-chars', '100k', 'a positive integer or -1 (no cap)'],
        ['spring.ai.tools.errors.detail', 'full', 'one of masked, message, generic'],
        ['spring.ai.openai.base-url', 'api.openai.com', 'an absolute http(s) URL, e.g. https://api.openai.com'],
        ['spring.ai.openai.chat.base-url', 'ftp://example.com', 'an absolute http(s) URL, e.g. https://api.openai.com'],
        ['spring.ai.openai.chat.options.temperature', 'warm', 'a number between 0 and 2'],
        ['spring.ai.openai.chat.options.temperature', '2.5', 'a number between 0 and 2'],
        ['spring.ai.openai.chat.options.max-tokens', '-5', 'a positive integer'],
        ['spring.ai.chat.client.enabled', 'no', 'true or false'],
        ['spring.ai.chat.observations.log-prompt', 'yes', 'true or false'],
        ['spring.ai.chat.client.tool-calling.enabled', 'off', 'true or false'],
        [
          'spring.ai.chat.client.tool-calling.advisor-order',
          '-2147483648',
          'an integer strictly between -2147483648 (HIGHEST_PRECEDENCE) and 2147483647 (LOWEST_PRECEDENCE)',
        ],
      ];

      it.each(cases)("should reject %s='%s' naming the key, the value and what is allowed", (key, value, allowed) => {
        const error = errorOf(() => SproutProperties.from({ [key]: value }), InvalidPropertyError);

        expect(error).toMatchObject({ setting: key, value, allowed, source: 'override' });
        expect(error.message).toBe(
          `Invalid value '${value}' for property '${key}' (from override): expected ${allowed}.`,
        );
      });
    });

    describe('when a group has no key set', () => {
      it('should give the same values as binding the group from nothing', () => {
        const empty = new PropertyReader(new Map());
        const properties = SproutProperties.from({ 'spring.ai.openai.api-key': 'sk-test' });
        expect(properties.toolCalling).toEqual(bindToolCallingProperties(empty, []));
        expect(properties.chatClient).toEqual(bindChatClientProperties(empty));
        expect(properties.chatMemory).toEqual(bindChatMemoryProperties(empty));
      });

      it('should still check a key of the group written in a relaxed form', () => {
        expect(() => SproutProperties.from({ 'spring.ai.tools.limits.maxTotalToolCalls': '0' })).toThrow(
          InvalidPropertyError,
        );
        expect(() => SproutProperties.from({ 'spring.ai.chat.memory.maxMessages': '0' })).toThrow(InvalidPropertyError);
        expect(() => SproutProperties.from({ 'spring.ai.chat.client.Enabled': 'no' })).toThrow(InvalidPropertyError);
      });

      it('should read spring.ai.chat.observations.* set without any spring.ai.chat.client key', () => {
        const properties = SproutProperties.from({ 'spring.ai.chat.observations.log-completion': 'true' });

        expect(properties.chatClient.observations).toEqual({ logPrompt: false, logCompletion: true });
      });
    });

    describe('when values are spelled loosely but validly', () => {
      it('should trim values, ignore case of booleans and enums, and treat blank as unset', () => {
        const properties = SproutProperties.from({
          'spring.ai.tools.throw-exception-on-error': ' TRUE ',
          'spring.ai.tools.limits.on-limit-exceeded': 'throw',
          'spring.ai.tools.limits.max-total-tool-calls': '',
          'spring.ai.openai.base-url': 'https://example.com/openai/',
        });

        expect(properties.toolCalling.throwExceptionOnError).toBe(true);
        expect(properties.toolCalling.limits.onLimitExceeded).toBe('THROW');
        expect(properties.toolCalling.limits.maxTotalToolCalls).toBe(150);
        expect(properties.openAi.baseUrl).toBe('https://example.com/openai');
      });
    });
  });

  describe('.getInteger', () => {
    describe('when an application key holds a value outside the range', () => {
      it('should throw InvalidPropertyError with the range', () => {
        const properties = SproutProperties.from({ 'app.orders.page-size': '500' });

        expect(() => properties.getInteger('app.orders.page-size', 20, { min: 1, max: 100 })).toThrow(
          "Invalid value '500' for property 'app.orders.page-size' (from override): expected an integer between 1 and 100.",
        );
        expect(properties.getInteger('app.orders.missing', 20)).toBe(20);
      });
    });
  });

  describe('.getDurationMs', () => {
    it("should read Spring's simple durations and bare milliseconds, or give the default", () => {
      const properties = SproutProperties.from({ 'app.a': '500ms', 'app.b': '2m', 'app.c': '7d', 'app.d': '1500' });

      expect(['app.a', 'app.b', 'app.c', 'app.d'].map((key) => properties.getDurationMs(key, 1))).toEqual([
        500, 120_000, 604_800_000, 1500,
      ]);
      expect(properties.getDurationMs('app.missing', 20_000)).toBe(20_000);
    });

    it('should reject other text naming the key and the allowed forms', () => {
      expect(() => SproutProperties.from({ 'app.poll': 'PT30S' }).getDurationMs('app.poll', 1)).toThrow(
        "Invalid value 'PT30S' for property 'app.poll' (from override): expected a positive duration such as 500ms, 20s, 2m or 1h (a bare number is milliseconds).",
      );
    });
  });

  describe('.getList', () => {
    it('should split on commas and drop blanks', () => {
      expect(SproutProperties.from({ 'app.tags': 'a, b,,c ' }).getList('app.tags')).toEqual(['a', 'b', 'c']);
    });
  });

  describe('.hasKeysUnder', () => {
    it('should find a key under the prefix whatever its relaxed spelling', () => {
      const properties = SproutProperties.from({ 'spring.ai.mcp.client.stdio.connections.Docs.command': 'npx' });
      expect(properties.hasKeysUnder('spring.ai.mcp.client')).toBe(true);
      expect(properties.hasKeysUnder('spring.ai.mcp.server')).toBe(false);
      expect(
        SproutProperties.from({ 'SPRING.AI.MCP_CLIENT.enabled': 'false' }).hasKeysUnder('spring.ai.mcp-client'),
      ).toBe(true);
    });

    it('should not take a key that only starts with the same letters', () => {
      expect(SproutProperties.from({ 'server.port': '8080' }).hasKeysUnder('server')).toBe(true);
      expect(SproutProperties.from({ 'serverless.port': '8080' }).hasKeysUnder('server')).toBe(false);
    });
  });
});
