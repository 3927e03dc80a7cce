import type { ToolCallback } from '../tool-callback';
import type { ToolCallbackResolver } from './tool-callback-resolver';

/**
 * Asks several resolvers in order; the first one that knows the name wins.
 *
 * @see Spring AI `DelegatingToolCallbackResolver`
 */
export class DelegatingToolCallbackResolver implements ToolCallbackResolver {
  readonly resolvers: readonly ToolCallbackResolver[];

  /** @param resolvers - the resolvers, asked in this order */
  constructor(resolvers: readonly ToolCallbackResolver[]) {
    this.resolvers = Object.freeze([...resolvers]);
  }

  /**
   * @param toolName - the exact tool name
   * @returns the first resolver's answer that is not `undefined`/`null`, or `undefined`
   */
  resolve(toolName: string): ToolCallback | undefined {
    for (const resolver of this.resolvers) {
      const callback = resolver.resolve(toolName);
      if (callback != null) return callback;
    }
    return undefined;
  }
}
