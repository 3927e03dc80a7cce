import { ConfigurationError } from '@sprout-ai/core';
import { TtlEvictionStrategy } from './ttl-eviction-strategy';

describe(TtlEvictionStrategy, () => {
  function strategy(ttlMs: number) {
    const clock = { now: 0 };
    return { clock, ttl: new TtlEvictionStrategy(ttlMs, () => clock.now) };
  }

  describe('.onAccess', () => {
    it('should evict every other session idle for ttlMs or longer, and keep those used since', () => {
      const { clock, ttl } = strategy(1000);
      ttl.onAccess('a');
      clock.now = 400;
      ttl.onAccess('b');
      clock.now = 999;
      expect(ttl.onAccess('c')).toEqual([]);
      clock.now = 1400;
      expect(ttl.onAccess('c')).toEqual(['a', 'b']);
    });

    it('should never evict the requesting session itself, however long it was idle', () => {
      const { clock, ttl } = strategy(10);
      ttl.onAccess('a');
      clock.now = 10_000;
      expect(ttl.onAccess('a')).toEqual([]);
    });

    it('should count from the latest access and forget evicted or removed sessions', () => {
      const { clock, ttl } = strategy(100);
      ttl.onAccess('a');
      ttl.onAccess('b');
      clock.now = 90;
      ttl.onAccess('a');
      ttl.onRemoved('b');
      clock.now = 150;
      expect(ttl.onAccess('c')).toEqual([]);
      clock.now = 190;
      expect(ttl.onAccess('c')).toEqual(['a']);
      clock.now = 10_000;
      expect(ttl.onAccess('c')).toEqual([]);
    });
  });

  it.each([0, -5, Number.POSITIVE_INFINITY, Number.NaN])('should reject ttlMs %p', (ttlMs) => {
    expect(() => new TtlEvictionStrategy(ttlMs)).toThrow(ConfigurationError);
  });
});
