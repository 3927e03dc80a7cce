import { SproutError } from '@sprout-ai/core';

/**
 * A properties file that was named explicitly could not be read (missing, unreadable or not a file).
 *
 * @remarks The default `application.properties` in the working directory is optional and never
 * raises this error; only a file the caller asked for by name must exist.
 */
export class PropertiesFileError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.PropertiesFileError');

  /** The path as given (resolved against the working directory when relative). */
  readonly path: string;

  /**
   * @param options.path - the file that could not be read
   * @param options.cause - the file-system error
   */
  constructor(options: { path: string; cause?: unknown }) {
    const reason =
      (options.cause as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
        ? 'it does not exist'
        : ((options.cause as Error | undefined)?.message ?? 'unknown error');
    super(
      `Cannot read properties file '${options.path}': ${reason}. Fix the path, or omit 'propertiesFile' to use ` +
        `./application.properties when present.`,
      { cause: options.cause },
    );
    this.path = options.path;
  }
}
