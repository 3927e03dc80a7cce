import { retryAfterMs } from './retry-model-call';

describe(retryAfterMs, () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('should read retry-after-ms first, then retry-after in seconds', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(headers({ 'retry-after': '0.5' }))).toBe(500);
  });

  it('should read retry-after as an HTTP date, a past one as no wait', () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect(retryAfterMs(headers({ 'retry-after': inAMinute }))).toBeGreaterThan(55_000);
    expect(retryAfterMs(headers({ 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }))).toBe(0);
  });

  it('should give undefined when there is no readable header', () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs(headers({}))).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after': '-3' }))).toBeUndefined();
  });
});
