import { SproutError } from './sprout-error';

/** Options of {@link MissingPeerDependencyError}. */
export interface MissingPeerDependencyErrorOptions {
  /** The package to install, e.g. `better-sqlite3`. */
  readonly packageName: string;
  /** What needs it, e.g. `SqliteChatMemoryRepository`. */
  readonly neededBy: string;
  /** The command that installs it. @defaultValue `npm install <packageName>` */
  readonly installCommand?: string;
  /** The loader's own error (`MODULE_NOT_FOUND`). */
  readonly cause?: unknown;
}

/**
 * A feature was used whose optional peer dependency is not installed: a SQLite chat memory store
 * without `better-sqlite3`, a Redis one without `ioredis`, `sprout.schema.dev-mode=true` without
 * `@sprout-ai/schema`. Sprout loads these packages only when such a feature is first used, so an
 * application that does not use it does not need them. The message names the package and the
 * command that installs it.
 *
 * @remarks Not in Spring AI, where a missing jar fails at start-up with `ClassNotFoundException`.
 */
export class MissingPeerDependencyError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.MissingPeerDependencyError');

  /** The package to install. */
  readonly packageName: string;
  /** What needs it. */
  readonly neededBy: string;
  /** The command that installs it, e.g. `npm install better-sqlite3`. */
  readonly installCommand: string;

  /** @param options - the package, what needs it, the install command and the loader's error */
  constructor(options: MissingPeerDependencyErrorOptions) {
    const installCommand = options.installCommand ?? `npm install ${options.packageName}`;
    super(
      `${options.neededBy} needs the package ${options.packageName}, which is not installed ` +
        `(it is an optional peer dependency). Install it: ${installCommand}`,
      { cause: options.cause },
    );
    this.packageName = options.packageName;
    this.neededBy = options.neededBy;
    this.installCommand = installCommand;
  }
}
