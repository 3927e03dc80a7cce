import { SproutError } from '@sprout-ai/core';

/**
 * An advisor used the chain wrongly: it asked for the next advisor when none was left, or asked
 * for a copy after an advisor that is not part of the chain.
 *
 * @remarks Spring throws `IllegalStateException`/`IllegalArgumentException` for these.
 */
export class AdvisorChainError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.AdvisorChainError');

  /** The advisor the failing operation named, when there is one. */
  readonly advisorName?: string;

  /**
   * @param options - the full `message`, the `advisorName` involved and the cause, if any
   */
  constructor(options: { message: string; advisorName?: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.advisorName = options.advisorName;
  }
}
