import { SproutError } from '@sprout-ai/core';

/**
 * A scripted test double received more requests than its script has steps.
 *
 * Thrown by {@link ScriptedChatModel}; {@link OpenAiWireServer} answers HTTP 500 with the same text.
 */
export class ScriptExhaustedError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.ScriptExhaustedError');

  /** Which double ran out, e.g. `ScriptedChatModel`. */
  readonly scriptOwner: string;
  /** Number of steps in the script. */
  readonly scriptLength: number;
  /** 0-based index of the request that found no step. */
  readonly requestIndex: number;

  /**
   * @param options - the double's name, its script length, the index of the unanswered request and an optional cause
   */
  constructor(options: { scriptOwner: string; scriptLength: number; requestIndex: number; cause?: unknown }) {
    super(scriptExhaustedMessage(options), { cause: options.cause });
    this.scriptOwner = options.scriptOwner;
    this.scriptLength = options.scriptLength;
    this.requestIndex = options.requestIndex;
  }
}

/** The one-line explanation shared by the model double and the wire server. */
export function scriptExhaustedMessage(options: {
  scriptOwner: string;
  scriptLength: number;
  requestIndex: number;
}): string {
  const steps = options.scriptLength === 1 ? '1 step' : `${options.scriptLength} steps`;
  return (
    `${options.scriptOwner} script exhausted: request #${options.requestIndex + 1} arrived but the script has ` +
    `only ${steps}. Add a step for it, or find out why the code under test made an extra model call.`
  );
}
