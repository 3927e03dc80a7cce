import { SproutError } from '@sprout-ai/core';

/** Options of {@link SchemaGenerationError}. */
export interface SchemaGenerationErrorOptions {
  /** What is wrong and how to fix it (without the location, which is prefixed). */
  readonly reason: string;
  /** Source file, relative to the tsconfig directory when known. */
  readonly sourceFile?: string;
  readonly className?: string;
  readonly methodName?: string;
  readonly parameterName?: string;
  readonly cause?: unknown;
}

/**
 * `sprout-schema` cannot generate the tool schema manifest: the tsconfig cannot be read, or an
 * `@Tool` method has a parameter that has no JSON Schema (a function, `Promise`, `Map`, `Set`,
 * `symbol`, …) or a class-validator DTO that would not be converted and validated at run time.
 * The message names the file, class, method and parameter. When a run finds several problems,
 * one error reports them all, one line each (see {@link SchemaGenerationError.problems}).
 *
 * @example
 * `src/order-tools.ts: OrderTools.watch(callback): parameter type '() => void' is a function, which the model cannot send as JSON. Pass data instead, …`
 * @remarks Spring AI generates schemas at run time and fails on the first call instead.
 */
export class SchemaGenerationError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.SchemaGenerationError');

  readonly reason: string;
  readonly sourceFile?: string;
  readonly className?: string;
  readonly methodName?: string;
  readonly parameterName?: string;
  #problems: readonly SchemaGenerationError[] | undefined;

  /**
   * @param options - the reason and where it happened
   */
  constructor(options: SchemaGenerationErrorOptions) {
    super(`${location(options)}${options.reason}`, { cause: options.cause });
    this.reason = options.reason;
    this.sourceFile = options.sourceFile;
    this.className = options.className;
    this.methodName = options.methodName;
    this.parameterName = options.parameterName;
  }

  /**
   * Every problem of the run, each with its own location, in file and declaration order; just
   * this error when there is one.
   */
  get problems(): readonly SchemaGenerationError[] {
    return this.#problems ?? [this];
  }

  /**
   * One error for all the problems of a run: the problem itself when there is one, else an error
   * whose message is a count followed by one line per problem, e.g.
   * ```text
   * 2 problems in @Tool methods; fix them all, then run sprout-schema again:
   *   map-tools.ts: MapTools.updatePrices(update): property 'prices' of type 'Map<string, number>' is a Map, …
   *   set-tools.ts: SetTools.tag(tags): parameter type 'Set<string>' is a Set, …
   * ```
   *
   * @param problems - at least one problem
   * @returns the error to throw
   */
  static of(problems: readonly SchemaGenerationError[]): SchemaGenerationError {
    if (problems.length === 1) return problems[0];
    const error = new SchemaGenerationError({
      reason: [
        `${problems.length} problems in @Tool methods; fix them all, then run sprout-schema again:`,
        ...problems.map((problem) => `  ${problem.message.replace(/\s*\n\s*/g, ' ')}`),
      ].join('\n'),
    });
    error.#problems = [...problems];
    return error;
  }
}

function location(options: SchemaGenerationErrorOptions): string {
  let where = '';
  if (options.className !== undefined) {
    where = options.methodName === undefined ? options.className : `${options.className}.${options.methodName}`;
    if (options.parameterName !== undefined) where += `(${options.parameterName})`;
  }
  if (options.sourceFile !== undefined) where = where === '' ? options.sourceFile : `${options.sourceFile}: ${where}`;
  return where === '' ? '' : `${where}: `;
}
