import { SproutError } from '../../error/sprout-error';

/** Options of {@link MissingToolSchemaError}. */
export interface MissingToolSchemaErrorOptions {
  /** Name of the class that declares the `@Tool` method, or of the argument type (its constructor's `name`). */
  readonly className: string;
  /** The `@Tool` method; absent for an augmentation argument type. */
  readonly methodName?: string;
  /** Where the registry's entries came from (manifest file paths), for the message. */
  readonly loadedSources?: readonly string[];
  /** The underlying error, if any. */
  readonly cause?: unknown;
}

/**
 * An `@Tool` method has no entry in the build-time tool schema manifest, so its argument schema
 * and parameter names are unknown. Usually the manifest is stale (the method was added or renamed
 * after the last build) or was never loaded; or the method's decorator is composed from `Tool(...)`
 * in compiled code whose declared type hides it (see `ToolMethodDecorator`). Also thrown, without a
 * `methodName`, for an augmentation argument type the manifest lacks (see `AugmentedToolCallbackProvider`).
 *
 * @remarks Spring AI generates schemas by reflection at run time and has no such failure.
 */
export class MissingToolSchemaError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.MissingToolSchemaError');

  /** The class of the `@Tool` method, or the argument type. */
  readonly className: string;
  /** `undefined` when the schema of an augmentation argument type is missing. */
  readonly methodName: string | undefined;

  /**
   * @param options - the class and method without a manifest entry, and the loaded manifest sources
   */
  constructor(options: MissingToolSchemaErrorOptions) {
    const sources = options.loadedSources ?? [];
    const loaded =
      sources.length === 0 ? 'No tool schema manifest has been loaded.' : `Loaded manifests: ${sources.join(', ')}.`;
    const regenerate =
      'Run `npm run build` (or `npx sprout-schema`) to regenerate the manifest, and load it with ' +
      'toolSchemaRegistry.loadFile(...) before the tools are registered.';
    super(
      options.methodName === undefined
        ? `No schema for argument type ${options.className} in the tool schema manifest. ${loaded} ${regenerate} ` +
            'sprout-schema writes one for each exported class with a @ToolParam property: mark the properties ' +
            'the model fills in with @ToolParam(...) and export the class.'
        : `No schema for @Tool method ${options.className}.${options.methodName} in the tool schema manifest. ${loaded} ${regenerate} ` +
            'If the method is marked by a decorator composed from Tool(...) in compiled code, let that decorator ' +
            'return ToolMethodDecorator (not MethodDecorator), so sprout-schema finds the method.',
      { cause: options.cause },
    );
    this.className = options.className;
    this.methodName = options.methodName;
  }
}
