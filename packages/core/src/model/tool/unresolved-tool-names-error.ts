import { SproutError } from '../../error/sprout-error';

/**
 * Names listed in `ToolCallingChatOptions.toolNames` that the manager's `ToolCallbackResolver`
 * does not know.
 *
 * @remarks Spring AI 2.0 has no `toolNames`; this mirrors the 1.x `IllegalStateException`
 * ("No ToolCallback found for tool name: …").
 */
export class UnresolvedToolNamesError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.UnresolvedToolNamesError');

  /** The unknown names, in the order they were requested. */
  readonly toolNames: readonly string[];

  /** @param options - the names the resolver could not resolve, and an optional cause */
  constructor(options: { toolNames: readonly string[]; cause?: unknown }) {
    const quoted = options.toolNames.map((n) => `'${n}'`).join(', ');
    super(
      `No ToolCallback found for tool name${options.toolNames.length === 1 ? '' : 's'} ${quoted} ` +
        `listed in ToolCallingChatOptions.toolNames. Names in toolNames are looked up with the ` +
        `ToolCallingManager's ToolCallbackResolver: register a tool with that name (for example ` +
        `DefaultToolCallingManager.builder().toolCallbackResolver(new StaticToolCallbackResolver(callbacks))), ` +
        `pass the callback in toolCallbacks instead, or remove the name from toolNames.`,
      { cause: options.cause },
    );
    this.toolNames = Object.freeze([...options.toolNames]);
  }
}
