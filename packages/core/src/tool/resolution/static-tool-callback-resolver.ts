import { ConfigurationError } from '../../error/configuration-error';
import type { ToolCallback } from '../tool-callback';
import type { ToolCallbackResolver } from './tool-callback-resolver';

/**
 * Resolves names against a fixed list of tools, by `toolDefinition.name`. When two tools share a
 * name, the later one wins.
 *
 * @example
 * ```ts
 * const resolver = new StaticToolCallbackResolver(ToolCallbacks.from(new OrderTools()));
 * resolver.resolve('getOrderStatus'); // the callback, or undefined
 * ```
 * @see Spring AI `StaticToolCallbackResolver`
 */
export class StaticToolCallbackResolver implements ToolCallbackResolver {
  readonly #byName = new Map<string, ToolCallback>();

  /**
   * @param toolCallbacks - the tools this resolver knows
   * @throws ConfigurationError when a tool has a blank name
   */
  constructor(toolCallbacks: readonly ToolCallback[]) {
    for (const callback of toolCallbacks) {
      const name = callback.toolDefinition.name;
      if (typeof name !== 'string' || name.trim() === '') {
        throw new ConfigurationError({
          setting: 'StaticToolCallbackResolver toolCallbacks',
          value: name,
          allowed: 'a non-blank toolDefinition.name for every ToolCallback',
          message:
            `StaticToolCallbackResolver was given a tool with a blank name` +
            `${callback.source ? ` (from ${callback.source})` : ''}. ` +
            `Give every ToolCallback a non-blank toolDefinition.name.`,
        });
      }
      this.#byName.set(name, callback);
    }
  }

  /** The names this resolver knows, in first-registration order. */
  get toolNames(): string[] {
    return [...this.#byName.keys()];
  }

  /**
   * @param toolName - the exact tool name
   * @returns the tool registered under that name, or `undefined`
   */
  resolve(toolName: string): ToolCallback | undefined {
    return this.#byName.get(toolName);
  }
}
