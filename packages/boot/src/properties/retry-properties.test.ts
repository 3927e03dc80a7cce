import { PropertyReader, type PropertyValue } from './property-reader';
import { bindRetryProperties, DEFAULT_RETRY_PROPERTIES } from './retry-properties';
import { isKnownPropertyKey, MANAGED_PROPERTY_PREFIXES, suggestPropertyKey } from './known-properties';

function bind(record: Record<string, string>) {
  const values = new Map<string, PropertyValue>(
    Object.entries(record).map(([key, value]) => [key, { value, origin: 'application.properties:1' }]),
  );
  return bindRetryProperties(new PropertyReader(values));
}

describe(bindRetryProperties, () => {
  it("should give Spring's defaults when no key is set: 10 attempts, 2 s × 5 up to 3 min, no client errors", () => {
    expect(bind({})).toEqual(DEFAULT_RETRY_PROPERTIES);
    expect(DEFAULT_RETRY_PROPERTIES).toEqual({
      maxAttempts: 10,
      initialIntervalMs: 2_000,
      multiplier: 5,
      maxIntervalMs: 180_000,
      onClientErrors: false,
      excludeOnHttpCodes: [],
      onHttpCodes: [],
    });
  });

  it('should read every spring.ai.retry key', () => {
    expect(
      bind({
        'spring.ai.retry.max-attempts': '3',
        'spring.ai.retry.backoff.initial-interval': '250ms',
        'spring.ai.retry.backoff.multiplier': '1.5',
        'spring.ai.retry.backoff.max-interval': '10s',
        'spring.ai.retry.on-client-errors': 'true',
        'spring.ai.retry.exclude-on-http-codes': '429, 503',
        'spring.ai.retry.on-http-codes': '400',
      }),
    ).toEqual({
      maxAttempts: 3,
      initialIntervalMs: 250,
      multiplier: 1.5,
      maxIntervalMs: 10_000,
      onClientErrors: true,
      excludeOnHttpCodes: [429, 503],
      onHttpCodes: [400],
    });
  });

  it.each([
    ['spring.ai.retry.max-attempts', '0', 'a positive integer (1 never retries)'],
    ['spring.ai.retry.backoff.multiplier', '0.5', 'a number between 1 and 100'],
    ['spring.ai.retry.backoff.initial-interval', '2 seconds', 'a positive duration'],
    ['spring.ai.retry.exclude-on-http-codes', '429,abc', 'comma-separated HTTP status codes'],
    ['spring.ai.retry.on-http-codes', '42', 'comma-separated HTTP status codes'],
  ])('should reject %s=%j, naming the key, value and what is allowed', (key, value, allowed) => {
    expect(() => bind({ [key]: value })).toThrow(`Invalid value '${value}' for property '${key}'`);
    expect(() => bind({ [key]: value })).toThrow(allowed);
  });

  it('should know every key and suggest one for a typo under spring.ai.retry', () => {
    expect(isKnownPropertyKey('spring.ai.retry.backoff.max-interval')).toBe(true);
    expect(MANAGED_PROPERTY_PREFIXES).toContain('spring.ai.retry.');
    expect(suggestPropertyKey('spring.ai.retry.max-atempts')).toBe('spring.ai.retry.max-attempts');
  });
});
