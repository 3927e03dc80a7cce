import type { ToolSearchEvictionStrategy } from './tool-search-eviction-strategy';

/**
 * Evicts the requesting session itself at the start of each of its requests, so its tools are
 * indexed afresh every time and nothing is kept between requests (also not the tools its searches
 * found, beyond what the messages carry). For tools that change on every request, or to keep no
 * index in memory.
 *
 * @see Spring AI `AlwaysEvictStrategy`
 */
export class AlwaysEvictStrategy implements ToolSearchEvictionStrategy {
  /** The one instance (it has no state). */
  static readonly INSTANCE: AlwaysEvictStrategy = new AlwaysEvictStrategy();

  onAccess(sessionId: string): readonly string[] {
    return [sessionId];
  }

  onRemoved(_sessionId: string): void {}
}
