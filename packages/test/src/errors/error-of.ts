/** An error class: `ToolExecutionError`, `TypeError`, … (spelled out in the public signatures). */
type ErrorClass<E> = abstract new (...args: never[]) => E;

/**
 * The error `run` throws, for a test to look at (another overload takes a promise). Fails (throws)
 * when nothing is thrown, and, when `errorClass` is given, when the error is not of that class.
 * Sprout errors are checked with their `isInstance` (so an error of another copy of the package
 * counts), other classes with `instanceof`.
 *
 * @example
 * ```ts
 * expect(errorOf(() => builder.maxCallsPerTool(0), ConfigurationError)).toMatchObject({ setting: 'maxCallsPerTool', value: 0 });
 * expect((await errorOf(callback.call('{}'), ToolExecutionError)).cause).toBeInstanceOf(McpToolCallError);
 * ```
 * @param run - code that should throw synchronously; to check a rejection, pass the promise itself
 * @param errorClass - the class the error must be of
 * @returns what was thrown
 * @throws Error when nothing was thrown, `run` returned a promise, or the error is not an `errorClass`
 */
export function errorOf<E = unknown>(run: () => unknown, errorClass?: abstract new (...args: never[]) => E): E;
/**
 * The reason `promise` rejects with, for a test to look at; as the overload for a function.
 *
 * @param promise - a promise that should reject
 * @param errorClass - the class the reason must be of
 * @returns a promise of the reason, which rejects when `promise` resolves or the reason is not an `errorClass`
 */
export function errorOf<E = unknown>(
  promise: PromiseLike<unknown>,
  errorClass?: abstract new (...args: never[]) => E,
): Promise<E>;
export function errorOf<E>(
  runOrPromise: (() => unknown) | PromiseLike<unknown>,
  errorClass?: ErrorClass<E>,
): E | Promise<E> {
  if (typeof runOrPromise !== 'function') {
    return Promise.resolve(runOrPromise).then(
      (value) => {
        throw new Error(`Expected the promise to reject, but it resolved with ${shown(value)}.`);
      },
      (error: unknown) => checked(error, errorClass),
    );
  }
  let result: unknown;
  try {
    result = runOrPromise();
  } catch (error) {
    return checked(error, errorClass);
  }
  if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') {
    // Its outcome would go unchecked: the test must await the promise. Handled here, so that a
    // rejection does not also fail the run as unhandled.
    (result as PromiseLike<unknown>).then(undefined, () => undefined);
    throw new Error('Expected a throw, but the function returned a promise; pass the promise: await errorOf(promise).');
  }
  throw new Error(`Expected a throw, but the function returned ${shown(result)}.`);
}

function checked<E>(error: unknown, errorClass: ErrorClass<E> | undefined): E {
  if (errorClass === undefined || isOf(error, errorClass)) return error as E;
  throw new Error(`Expected a ${errorClass.name}, but got ${shown(error)}.`, { cause: error });
}

function isOf<E>(error: unknown, errorClass: ErrorClass<E>): boolean {
  const { isInstance } = errorClass as { isInstance?: (value: unknown) => boolean };
  return typeof isInstance === 'function' ? isInstance.call(errorClass, error) : error instanceof errorClass;
}

function shown(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}
