import { SproutError } from '@sprout-ai/core';

/**
 * A bound `@Tool` class could not be turned into tool callbacks at start-up because the build-time
 * schema manifest has no entry for one of its methods. The cause is core's `MissingToolSchemaError`.
 *
 * @remarks Spring AI reads schemas by reflection and has no such failure.
 */
export class ToolScanError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.ToolScanError');

  /** The class whose method has no schema. */
  readonly className: string;

  /**
   * @param options.className - the class whose method has no schema
   * @param options.cause - the `MissingToolSchemaError`
   * @param options.manifestsLoaded - the manifest sources of the registry, to tailor the fix
   */
  constructor(options: { className: string; cause: Error; manifestsLoaded: readonly string[] }) {
    const fix =
      options.manifestsLoaded.length === 0
        ? "Pass the manifest to the bootstrap: SproutApplication.run({ schemaManifest: 'dist/tool-schemas.json', ... })."
        : 'If the method is new, rebuild so the manifest covers it; otherwise unbind the class.';
    super(`Cannot register the @Tool methods of bound class ${options.className}: ${options.cause.message} ${fix}`, {
      cause: options.cause,
    });
    this.className = options.className;
  }
}
