import { SproutError } from '../../error/sprout-error';

/** Options of {@link DuplicateToolNameError}. */
export interface DuplicateToolNameErrorOptions {
  /** Every tool name used more than once. */
  readonly names: readonly string[];
  /** The sources of the tools with those names, e.g. `OrderTools.getStatus`. */
  readonly sources: readonly string[];
  /** The underlying error, if any. */
  readonly cause?: unknown;
}

/**
 * Two or more tools of one tool set share a name, so the model could not tell them apart.
 *
 * @see Spring AI `ToolUtils.getDuplicateToolNames` and the `IllegalArgumentException` thrown with it
 */
export class DuplicateToolNameError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.DuplicateToolNameError');

  readonly names: readonly string[];
  readonly sources: readonly string[];

  /**
   * @param options - the duplicated names and the sources of the tools that carry them
   */
  constructor(options: DuplicateToolNameErrorOptions) {
    super(
      `Multiple tools with the same name (${options.names.join(', ')}) found in sources: ${options.sources.join(', ')}. ` +
        'Tool names must be unique: rename one with @Tool({ name }) (or the name given to its builder), or register only one of them.',
      { cause: options.cause },
    );
    this.names = Object.freeze([...options.names]);
    this.sources = Object.freeze([...options.sources]);
  }
}
