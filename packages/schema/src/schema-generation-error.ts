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
 * `symbol`, …). The message names the file, class, method and parameter.
 *
 * @example
 * `src/order-tools.ts: OrderTools.watch(callback): parameter type '() => void' is a function, which the model cannot send as JSON. Pass data instead, …`
 * @remarks Spring AI generates schemas at run time and fails on the first call instead.
 */
export class SchemaGenerationError extends SproutError {
  readonly reason: string;
  readonly sourceFile?: string;
  readonly className?: string;
  readonly methodName?: string;
  readonly parameterName?: string;

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
