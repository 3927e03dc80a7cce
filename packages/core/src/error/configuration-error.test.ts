import { ConfigurationError } from './configuration-error';

describe(ConfigurationError, () => {
  describe('when no message is given', () => {
    it('should name the setting, the value, where it came from and what is allowed', () => {
      const error = new ConfigurationError({
        setting: 'spring.ai.tools.execution.max-concurrency',
        value: '0',
        allowed: 'a positive integer',
        source: 'application.properties:3',
      });

      expect(error.message).toBe(
        "Invalid value '0' for spring.ai.tools.execution.max-concurrency (from application.properties:3): expected a positive integer.",
      );
    });

    it('should mask the credentials of the value in the message and keep the value as given in the field', () => {
      const value = 'rediss://app:Hunter2-S3cret@cache:6379';
      const error = new ConfigurationError({ setting: 'sprout.chat.memory.redis.url', value, allowed: 'a Redis URL' });

      expect(error.message).toBe(
        "Invalid value 'rediss://app:***@cache:6379' for sprout.chat.memory.redis.url: expected a Redis URL.",
      );
      expect(error.value).toBe(value);
    });

    it('should show an object value as JSON, not as [object Object]', () => {
      const error = new ConfigurationError({ setting: 'limits', value: { maxRounds: -1 }, allowed: 'positive limits' });

      expect(error.message).toBe('Invalid value {"maxRounds":-1} for limits: expected positive limits.');
    });

    it('should say the value is missing when there is none', () => {
      const error = new ConfigurationError({
        setting: 'spring.ai.openai.api-key',
        value: undefined,
        allowed: 'an API key',
      });

      expect(error.message).toBe('Missing value for spring.ai.openai.api-key: expected an API key.');
    });
  });
});
