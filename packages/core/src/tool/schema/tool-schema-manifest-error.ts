import { SproutError } from '../../error/sprout-error';

/**
 * The tool schema manifest cannot be used: it is missing, stale (its sources changed since it was
 * generated), unreadable, not JSON, of a version this package does not read, edited by hand, or
 * rewritten while the application ran. The message names the file and the command that fixes it
 * (usually `npm run build`, which runs `sprout-schema`).
 *
 * @remarks Spring AI generates schemas by reflection at run time and has no manifest.
 */
export class ToolSchemaManifestError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.ToolSchemaManifestError');

  /** The manifest, as a path or as the source name it was registered under, e.g. `dist/tool-schemas.json`. */
  readonly manifest: string;

  /**
   * @param message - what is wrong with the manifest and how to regenerate it
   * @param options - the manifest and, when there is one, the underlying error
   */
  constructor(message: string, options: { manifest: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.manifest = options.manifest;
  }
}
