import { SproutError } from '../../error/sprout-error';

/** Options of {@link MissingToolSchemaError}. */
export interface MissingToolSchemaErrorOptions {
  /** Name of the class that declares the `@Tool` method (its constructor's `name`). */
  readonly className: string;
  readonly methodName: string;
  /** Where the registry's entries came from (manifest file paths), for the message. */
  readonly loadedSources?: readonly string[];
  /** The underlying error, if any. */
  readonly cause?: unknown;
}

/**
 * An `@Tool` method has no entry in the build-time tool schema manifest, so its argument schema
 * and parameter names are unknown. Usually the manifest is stale (the method was added or renamed
 * after the last build) or was never loaded; or the method's decorator is composed from `Tool(...)`
 * in compiled code whose declared type hides it (see `ToolMethodDecorator`).
 *
 * @remarks Spring AI generates schemas by reflection at run time and has no such failure.
 */
export class MissingToolSchemaError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.MissingToolSchemaError');

  readonly className: string;
  readonly methodName: string;

  /**
   * @param options - the class and method without a manifest entry, and the loaded manifest sources
   */
  constructor(options: MissingToolSchemaErrorOptions) {
    const sources = options.loadedSources ?? [];
    const loaded =
      sources.length === 0 ? 'No tool schema manifest has been loaded.' : `Loaded manifests: ${sources.join(', ')}.`;
    super(
      `No schema for @Tool method ${options.className}.${options.methodName} in the tool schema manifest. ${loaded} ` +
        'Run `npm run build` (or `npx sprout-schema`) to regenerate the manifest, and load it with ' +
        'toolSchemaRegistry.loadFile(...) before the tools are registered. If the method is marked by a ' +
        'decorator composed from Tool(...) in compiled code, let that decorator return ToolMethodDecorator ' +
        '(not MethodDecorator), so sprout-schema finds the method.',
      { cause: options.cause },
    );
    this.className = options.className;
    this.methodName = options.methodName;
  }
}
