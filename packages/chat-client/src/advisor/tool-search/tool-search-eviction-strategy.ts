/**
 * Decides which tool-search sessions to forget, so indexes do not pile up for conversations that
 * ended. The advisor calls {@link ToolSearchEvictionStrategy.onAccess} at the start of every
 * request and clears the index of each session it returns, then calls
 * {@link ToolSearchEvictionStrategy.onRemoved} for it.
 *
 * @see Spring AI `EvictionStrategy`
 */
export interface ToolSearchEvictionStrategy {
  /**
   * Records that a request of `sessionId` started.
   *
   * @returns the sessions to evict now (never `sessionId` itself, except for a strategy that
   *   rebuilds on every request)
   */
  onAccess(sessionId: string): readonly string[];
  /** Tells the strategy a session was evicted (by it or by `evictSession`). */
  onRemoved(sessionId: string): void;
}
