import type { ToolSearchEvictionStrategy } from './tool-search-eviction-strategy';

/**
 * Never evicts: every session's index stays until `evictSession(id)`. For a fixed, small set of
 * sessions (e.g. one per tenant).
 *
 * @see Spring AI `NeverEvictStrategy`
 */
export class NeverEvictStrategy implements ToolSearchEvictionStrategy {
  /** The one instance (it has no state). */
  static readonly INSTANCE: NeverEvictStrategy = new NeverEvictStrategy();

  onAccess(_sessionId: string): readonly string[] {
    return [];
  }

  onRemoved(_sessionId: string): void {}
}
