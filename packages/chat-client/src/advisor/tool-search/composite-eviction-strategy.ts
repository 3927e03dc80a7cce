import { ConfigurationError } from '@sprout-ai/core';
import type { ToolSearchEvictionStrategy } from './tool-search-eviction-strategy';

/**
 * Evicts what any of its strategies evicts (each session once), and tells all of them about every
 * removal. The auto-configuration combines LRU and TTL this way when `eviction.ttl` is set.
 *
 * @example `new CompositeEvictionStrategy([new LruEvictionStrategy(1000), new TtlEvictionStrategy(30 * 60_000)])`
 * @see Spring AI `CompositeEvictionStrategy`
 */
export class CompositeEvictionStrategy implements ToolSearchEvictionStrategy {
  readonly strategies: readonly ToolSearchEvictionStrategy[];

  /**
   * @param strategies - at least one
   * @throws ConfigurationError when `strategies` is empty
   */
  constructor(strategies: readonly ToolSearchEvictionStrategy[]) {
    if (strategies.length === 0) {
      throw new ConfigurationError({
        setting: 'CompositeEvictionStrategy strategies',
        value: strategies,
        allowed: 'at least one ToolSearchEvictionStrategy',
        message: 'CompositeEvictionStrategy needs at least one strategy.',
      });
    }
    this.strategies = [...strategies];
  }

  onAccess(sessionId: string): readonly string[] {
    const evicted = new Set<string>();
    for (const strategy of this.strategies) for (const id of strategy.onAccess(sessionId)) evicted.add(id);
    return [...evicted];
  }

  onRemoved(sessionId: string): void {
    for (const strategy of this.strategies) strategy.onRemoved(sessionId);
  }
}
