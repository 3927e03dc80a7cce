import { SproutError } from '../error/sprout-error';

/** Options of {@link StructuredOutputValidationError}. */
export interface StructuredOutputValidationErrorOptions {
  /** The output type's name, e.g. `OrderAnswer`. */
  readonly typeName: string;
  /** The model's last answer, as it sent it. */
  readonly answer: string;
  /** One entry per problem, e.g. `/status must be equal to one of the allowed values: ["shipped"]`. */
  readonly violations: readonly string[];
  /** How many answers were checked (1 without a validation advisor). */
  readonly attempts: number;
  /** The underlying error, if any. */
  readonly cause?: unknown;
}

/**
 * The model's answer could not be made into the structured output type: it is not a JSON object,
 * does not match the type's schema, or breaks a class-validator rule of the class. Thrown by
 * `.call().entity(Type)` and, when its retries are spent, by `StructuredOutputValidationAdvisor`.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (StructuredOutputValidationError.isInstance(error)) log.warn({ answer: error.answer, violations: error.violations });
 * }
 * ```
 * @remarks Spring AI's `BeanOutputConverter` throws Jackson's parse error, and its validation
 * advisor returns the last invalid answer; here one error carries the answer, every violation and
 * the number of attempts.
 */
export class StructuredOutputValidationError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.StructuredOutputValidationError');

  /** The output type's name, e.g. `OrderAnswer`. */
  readonly typeName: string;
  /** The model's last answer, as it sent it. */
  readonly answer: string;
  /** One entry per problem of the last answer. */
  readonly violations: readonly string[];
  /** How many answers were checked. */
  readonly attempts: number;

  /**
   * @param options - the type, the last answer, its violations and the attempts
   */
  constructor(options: StructuredOutputValidationErrorOptions) {
    super(
      `The model's answer is not a valid ${options.typeName} after ${options.attempts} attempt(s): ` +
        `${options.violations.join('; ')}.`,
      { cause: options.cause },
    );
    this.typeName = options.typeName;
    this.answer = options.answer;
    this.violations = Object.freeze([...options.violations]);
    this.attempts = options.attempts;
  }
}
