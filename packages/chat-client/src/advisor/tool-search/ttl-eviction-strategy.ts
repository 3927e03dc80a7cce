import { ConfigurationError } from '@sprout-ai/core';
import type { ToolSearchEvictionStrategy } from './tool-search-eviction-strategy';

/**
 * Forgets sessions idle for `ttlMs` or longer: at the start of each request, every other session
 * whose last request began at least `ttlMs` ago is evicted. Lazy: nothing runs between requests.
 *
 * @example `new TtlEvictionStrategy(30 * 60_000)` (property `…tool-search-advisor.eviction.ttl=30m`)
 * @see Spring AI `TtlEvictionStrategy`
 */
export class TtlEvictionStrategy implements ToolSearchEvictionStrategy {
  /** Last access time of each session (ms, from `now`), oldest first: a Map keeps insertion order. */
  readonly #lastAccess = new Map<string, number>();
  readonly #now: () => number;

  /**
   * @param ttlMs - idle time after which a session is evicted, in milliseconds; a positive number
   * @param now - the clock, in milliseconds (tests pass their own)
   * @throws ConfigurationError when `ttlMs` is not a positive finite number
   */
  constructor(
    readonly ttlMs: number,
    now: () => number = Date.now,
  ) {
    if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs <= 0) {
      throw new ConfigurationError({
        setting: 'TtlEvictionStrategy ttlMs',
        value: ttlMs,
        allowed: 'a positive number of milliseconds',
        message: `TtlEvictionStrategy ttlMs must be a positive number of milliseconds, got ${String(ttlMs)}.`,
      });
    }
    this.#now = now;
  }

  onAccess(sessionId: string): readonly string[] {
    const now = this.#now();
    this.#lastAccess.delete(sessionId);
    const evicted: string[] = [];
    for (const [id, at] of this.#lastAccess) {
      if (now - at < this.ttlMs) break;
      evicted.push(id);
    }
    for (const id of evicted) this.#lastAccess.delete(id);
    this.#lastAccess.set(sessionId, now);
    return evicted;
  }

  onRemoved(sessionId: string): void {
    this.#lastAccess.delete(sessionId);
  }
}
