import type { ToolDefinition } from '@sprout-ai/core';
import type { ToolIndex } from './tool-index';
import type { ToolSearchEvictionStrategy } from './tool-search-eviction-strategy';
import { toolSetFingerprint } from './tool-set-fingerprint';

/**
 * The indexed tool sets of the tool-search sessions: a {@link ToolIndex}, the fingerprint of the
 * tools each session's index holds, and the eviction strategy that forgets old sessions.
 *
 * One builder keeps one of these and hands it to every advisor it builds, so the per-request
 * advisors of a ChatClient share it and a session is indexed once, not on every request.
 *
 * @remarks Spring keeps the fingerprints in the advisor instance, so through ChatClient's
 * auto-registration (a new advisor per request) a session is re-indexed on every request.
 */
export class ToolSearchSessions {
  readonly #fingerprints = new Map<string, string>();
  /** Per session, the tools found by its searches: every one, or those of the latest search round. */
  readonly #discovered = new Map<string, ReadonlySet<string>>();
  /** The last pending `open` of each session: opens of one session run one after the other. */
  readonly #queues = new Map<string, Promise<void>>();

  /**
   * @param index - where the sessions' tools are indexed
   * @param evictionStrategy - which sessions to forget as new ones come
   */
  constructor(
    readonly index: ToolIndex,
    readonly evictionStrategy: ToolSearchEvictionStrategy,
  ) {}

  /**
   * Starts a request of `sessionId`: evicts what the strategy says, then makes the session's index
   * hold exactly `tools` — kept as it is when the tool set's fingerprint has not changed, rebuilt
   * otherwise. Concurrent opens of one session run one after the other.
   *
   * @throws what the index throws while indexing (the session is then rebuilt on its next open)
   */
  open(sessionId: string, tools: readonly ToolDefinition[]): Promise<void> {
    const previous = this.#queues.get(sessionId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.#open(sessionId, tools));
    this.#queues.set(sessionId, next);
    const forget = () => {
      if (this.#queues.get(sessionId) === next) this.#queues.delete(sessionId);
    };
    next.then(forget, forget);
    return next;
  }

  /**
   * Records tools a session's searches found, so they stay available in its later turns even when
   * the search results are not replayed (a chat memory outside the loop keeps only the user's
   * messages and the answers).
   *
   * @param names - the names found
   * @param accumulate - `true`: add them to those found before; `false`: they replace them
   * @returns the session's discovered names after the change
   */
  rememberDiscovered(sessionId: string, names: ReadonlySet<string>, accumulate: boolean): ReadonlySet<string> {
    const before = this.#discovered.get(sessionId);
    const after = accumulate && before !== undefined ? new Set([...before, ...names]) : names;
    this.#discovered.set(sessionId, after);
    return after;
  }

  /** The tools a session's searches found so far (see {@link ToolSearchSessions.rememberDiscovered}). */
  discovered(sessionId: string): ReadonlySet<string> {
    return this.#discovered.get(sessionId) ?? new Set();
  }

  /** Forgets a session: its index, its fingerprint, its discovered tools and the strategy's record of it. */
  async evictSession(sessionId: string): Promise<void> {
    this.#fingerprints.delete(sessionId);
    this.#discovered.delete(sessionId);
    await this.index.clearIndex(sessionId);
    this.evictionStrategy.onRemoved(sessionId);
  }

  /** Whether a session's index is built (and not evicted). */
  isIndexed(sessionId: string): boolean {
    return this.#fingerprints.has(sessionId);
  }

  async #open(sessionId: string, tools: readonly ToolDefinition[]): Promise<void> {
    for (const evicted of this.evictionStrategy.onAccess(sessionId)) await this.evictSession(evicted);
    const fingerprint = toolSetFingerprint(tools);
    if (this.#fingerprints.get(sessionId) === fingerprint) return;
    this.#fingerprints.delete(sessionId);
    await this.index.clearIndex(sessionId);
    await this.index.indexTools(sessionId, tools);
    this.#fingerprints.set(sessionId, fingerprint);
  }
}
