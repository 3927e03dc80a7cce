import { ConfigurationError } from '@sprout-ai/core';
import { InvalidPropertyError } from './invalid-property-error';

describe(InvalidPropertyError, () => {
  describe('when the rejected value carries a password', () => {
    it('should mask the password of a URL in the message', () => {
      const error = new InvalidPropertyError({
        key: 'sprout.chat.memory.redis.url',
        value: 'rediss://app:Hunter2-S3cret@cache:6379/x y',
        allowed: 'a redis:// or rediss:// URL without spaces',
      });

      expect(error.message).toBe(
        "Invalid value 'rediss://app:***@cache:6379/x y' for property 'sprout.chat.memory.redis.url': expected a redis:// or rediss:// URL without spaces.",
      );
    });

    it('should mask a password= value in the message and keep the value as written in the field', () => {
      const value = 'host=db password=Hunter2-S3cret';
      const error = new InvalidPropertyError({ key: 'sprout.demo.orders.db-path', value, allowed: 'a file path' });

      expect(error.message).not.toContain('Hunter2-S3cret');
      expect(error.message).toContain('password=***');
      expect(error.value).toBe(value);
    });
  });

  it('should be a ConfigurationError whose setting is the key and whose source is where the value came from', () => {
    const error = new InvalidPropertyError({
      key: 'spring.ai.tools.execution.max-concurrency',
      value: '0',
      allowed: 'a positive integer',
      origin: 'application.properties:3',
    });

    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      setting: 'spring.ai.tools.execution.max-concurrency',
      value: '0',
      allowed: 'a positive integer',
      source: 'application.properties:3',
    });
  });
});
