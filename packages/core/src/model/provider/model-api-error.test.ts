import { SproutError } from '../../error/sprout-error';
import { ModelApiError } from './model-api-error';
import { providerRetryVerdict, resolveProviderRetry } from './provider-retry';

const failed = (options: Partial<ConstructorParameters<typeof ModelApiError>[0]>) =>
  new ModelApiError({ message: 'failed', provider: 'openai', baseUrl: 'http://h', model: 'm', ...options });
const headers = (entries: Record<string, string>) => new Headers(entries);

describe(ModelApiError, () => {
  it.each([
    ['no answer (unreachable, timed out)', undefined, {}, true],
    ['a 429', 429, {}, true],
    ['a 503', 503, {}, true],
    ['a 400', 400, {}, false],
    ['a 400 with onClientErrors', 400, { onClientErrors: true }, true],
    ['a 429 excluded', 429, { excludeOnHttpCodes: [429] }, false],
    ['a 200 that is not an answer', 200, {}, false],
  ])('should be retryable by the model’s rules: %s', (_case, status, retry, retryable) => {
    expect(failed({ status, retry }).retryable).toBe(retryable);
  });

  it('should not be retryable when the server says x-should-retry: false, or when told so', () => {
    expect(failed({ status: 503, headers: headers({ 'x-should-retry': 'false' }) }).retryable).toBe(false);
    expect(failed({ retryable: false }).retryable).toBe(false);
  });

  it('should keep the wait the server asked for, and give it to the retry verdict', () => {
    const error = failed({ status: 429, headers: headers({ 'retry-after': '2' }) });

    expect(error.retryAfterMs).toBe(2000);
    expect(providerRetryVerdict(error)).toEqual({ retry: true, retryAfterMs: 2000 });
    expect(providerRetryVerdict(failed({ status: 401 }))).toEqual({ retry: false });
    expect(providerRetryVerdict(new Error('not a model call'))).toEqual({ retry: false });
  });

  it('should mask credentials in its message', () => {
    const error = failed({ message: 'http://user:hunter2@proxy answered 401 (api_key=sk-secret-123)' });

    expect(error.message).not.toMatch(/hunter2|sk-secret-123/);
  });

  it('should be recognised through a provider subclass by its marker', () => {
    class AcmeApiError extends ModelApiError {
      static override readonly marker: symbol = Symbol.for('acme.AcmeApiError');
    }
    const error = new AcmeApiError({ message: 'm', provider: 'acme', baseUrl: 'b', model: 'x' });

    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(SproutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ name: 'AcmeApiError', provider: 'acme' });
  });
});

describe(resolveProviderRetry, () => {
  it('should take retry when given, else retry maxRetries times the way the SDK clients do', () => {
    expect(resolveProviderRetry('M', 'sdk', { retry: { maxAttempts: 4 } }, 2)).toEqual({ maxAttempts: 4 });
    expect(resolveProviderRetry('M', 'sdk', { maxRetries: 0 }, 2)).toMatchObject({ maxAttempts: 1 });
    expect(resolveProviderRetry('M', 'sdk', {}, 2)).toEqual({
      maxAttempts: 3,
      initialIntervalMs: 500,
      multiplier: 2,
      maxIntervalMs: 8_000,
      onHttpCodes: [408, 409],
    });
  });

  it('should refuse both retry and a positive maxRetries', () => {
    expect(() => resolveProviderRetry('M', 'sdk', { retry: {}, maxRetries: 1 }, 2)).toThrow(
      /M was given both retry \(spring\.ai\.retry\.\*\) and maxRetries 1/,
    );
  });
});
