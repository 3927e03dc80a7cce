import { ConfigurationError } from '@sprout-ai/core';
import type { ToolSearchEvictionStrategy } from './tool-search-eviction-strategy';

/** Sessions an {@link LruEvictionStrategy} keeps by default (`…tool-search-advisor.eviction.lru-max-sessions`). */
export const DEFAULT_LRU_MAX_SESSIONS = 1000;

/**
 * Keeps the `maxSessions` most recently used sessions: when a request of a new session would make
 * one more, the least recently used session is evicted.
 *
 * @see Spring AI `LruEvictionStrategy`
 */
export class LruEvictionStrategy implements ToolSearchEvictionStrategy {
  /** Session ids, least recently used first (a Map keeps insertion order). */
  readonly #recent = new Map<string, true>();

  /**
   * @param maxSessions - how many sessions to keep, an integer ≥ 1
   * @throws ConfigurationError when `maxSessions` is not an integer ≥ 1
   */
  constructor(readonly maxSessions: number = DEFAULT_LRU_MAX_SESSIONS) {
    if (!Number.isInteger(maxSessions) || maxSessions < 1) {
      throw new ConfigurationError({
        setting: 'LruEvictionStrategy maxSessions',
        value: maxSessions,
        allowed: 'an integer >= 1',
        message: `LruEvictionStrategy maxSessions must be an integer >= 1, got ${String(maxSessions)}.`,
      });
    }
  }

  onAccess(sessionId: string): readonly string[] {
    this.#recent.delete(sessionId);
    this.#recent.set(sessionId, true);
    const evicted: string[] = [];
    for (const id of this.#recent.keys()) {
      if (this.#recent.size - evicted.length <= this.maxSessions) break;
      evicted.push(id);
    }
    for (const id of evicted) this.#recent.delete(id);
    return evicted;
  }

  onRemoved(sessionId: string): void {
    this.#recent.delete(sessionId);
  }
}
