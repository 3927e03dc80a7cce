import { SproutError } from '../../error/sprout-error';

/** Options of {@link InvalidToolArgumentsError}. */
export interface InvalidToolArgumentsErrorOptions {
  readonly toolName: string;
  /** One entry per problem, e.g. `/orderId must be string`. */
  readonly violations: readonly string[];
  /** The full message the model reads. */
  readonly message: string;
  /** The parser's error, for malformed JSON. */
  readonly cause?: unknown;
}

/**
 * The model sent arguments a tool cannot run with: not JSON, not a JSON object, or not matching
 * the tool's input schema (or its parameter classes' class-validator rules). It is the `cause` of
 * the {@link ToolExecutionError} a tool callback throws, so by default the model reads the message
 * and can call the tool again with fixed arguments.
 *
 * @remarks Spring AI does not validate arguments against the schema before calling a tool.
 */
export class InvalidToolArgumentsError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.InvalidToolArgumentsError');

  readonly toolName: string;
  readonly violations: readonly string[];

  /**
   * @param options - the tool, each violation and the message
   */
  constructor(options: InvalidToolArgumentsErrorOptions) {
    super(options.message, { cause: options.cause });
    this.toolName = options.toolName;
    this.violations = Object.freeze([...options.violations]);
  }
}
