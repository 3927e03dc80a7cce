import { ConfigurationError } from '@sprout-ai/core';
import { AlwaysEvictStrategy } from './always-evict-strategy';
import { CompositeEvictionStrategy } from './composite-eviction-strategy';
import { LruEvictionStrategy } from './lru-eviction-strategy';
import { NeverEvictStrategy } from './never-evict-strategy';
import { TtlEvictionStrategy } from './ttl-eviction-strategy';

describe(CompositeEvictionStrategy, () => {
  it('should evict what any strategy evicts, each session once', () => {
    const clock = { now: 0 };
    const composite = new CompositeEvictionStrategy([
      new LruEvictionStrategy(2),
      new TtlEvictionStrategy(100, () => clock.now),
    ]);
    composite.onAccess('a');
    composite.onAccess('b');
    clock.now = 100;

    expect(composite.onAccess('c')).toEqual(['a', 'b']);
  });

  it('should tell every strategy about a removal', () => {
    const lru = new LruEvictionStrategy(1);
    const composite = new CompositeEvictionStrategy([lru, NeverEvictStrategy.INSTANCE]);
    composite.onAccess('a');
    composite.onRemoved('a');

    expect(lru.onAccess('b')).toEqual([]);
  });

  it('should reject an empty list', () => {
    expect(() => new CompositeEvictionStrategy([])).toThrow(ConfigurationError);
  });
});

describe(NeverEvictStrategy, () => {
  it('should evict nothing', () => {
    for (const id of ['a', 'b', 'c']) expect(NeverEvictStrategy.INSTANCE.onAccess(id)).toEqual([]);
  });
});

describe(AlwaysEvictStrategy, () => {
  it('should evict the requesting session itself', () => {
    expect(AlwaysEvictStrategy.INSTANCE.onAccess('a')).toEqual(['a']);
  });
});
