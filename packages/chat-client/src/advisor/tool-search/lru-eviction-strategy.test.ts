import { ConfigurationError } from '@sprout-ai/core';
import { LruEvictionStrategy } from './lru-eviction-strategy';

describe(LruEvictionStrategy, () => {
  describe('.onAccess', () => {
    it('should evict the least recently used session once there are more than maxSessions', () => {
      const lru = new LruEvictionStrategy(2);
      expect(lru.onAccess('a')).toEqual([]);
      expect(lru.onAccess('b')).toEqual([]);
      expect(lru.onAccess('a')).toEqual([]);
      expect(lru.onAccess('c')).toEqual(['b']);
      expect(lru.onAccess('d')).toEqual(['a']);
    });

    it('should not count a removed session', () => {
      const lru = new LruEvictionStrategy(2);
      lru.onAccess('a');
      lru.onAccess('b');
      lru.onRemoved('a');
      expect(lru.onAccess('c')).toEqual([]);
    });
  });

  it.each([0, -1, 1.5, Number.NaN])('should reject maxSessions %p', (max) => {
    expect(() => new LruEvictionStrategy(max)).toThrow(ConfigurationError);
  });
});
