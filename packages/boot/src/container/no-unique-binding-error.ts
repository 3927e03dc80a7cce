import { SproutError } from '@sprout-ai/core';

/** Options of {@link NoUniqueBindingError}. */
export interface NoUniqueBindingErrorOptions {
  /** The service, e.g. `SproutTokens.ToolCallingManager` or `ToolCallingAdvisor`. */
  readonly serviceName: string;
  /** Each binding: where it was made and to what, e.g. `modules[1]: to(AuditingManager)`. */
  readonly bindings: readonly string[];
  readonly cause?: unknown;
}

/**
 * A service Sprout resolves one of (the ChatModel, the ToolCallingManager, any `SproutTokens` or
 * `McpTokens` entry, `ToolCallingAdvisor`) has more than one binding in the container. Found at
 * start-up, before anything is resolved; the message names every binding. Keep one: a module that
 * replaces another module's binding can `rebind` (or `unbind` first).
 *
 * @remarks Without this check inversify would fail with "Ambiguous bindings" on the first request.
 * @see Spring `NoUniqueBeanDefinitionException`
 */
export class NoUniqueBindingError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.NoUniqueBindingError');

  /** The service bound more than once, e.g. `SproutTokens.ToolCallingManager`. */
  readonly serviceName: string;
  /** Its bindings, in the order they were made, e.g. `modules[0]: toConstantValue(DefaultToolCallingManager)`. */
  readonly bindings: readonly string[];

  /** @param options - the service and its bindings */
  constructor(options: NoUniqueBindingErrorOptions) {
    super(
      `${options.serviceName} has ${options.bindings.length} bindings, but Sprout resolves exactly one: ` +
        `${options.bindings.join('; ')}. Keep one of them (a module that replaces another's binding can ` +
        'call rebind instead of bind).',
      { cause: options.cause },
    );
    this.serviceName = options.serviceName;
    this.bindings = Object.freeze([...options.bindings]);
  }
}
