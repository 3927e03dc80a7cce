import type { ToolExecutionError } from './tool-execution-error';
import type { ToolExecutionExceptionProcessor } from './tool-execution-exception-processor';

/** An error class, e.g. `TypeError` or a user-defined `class AuthorizationError extends Error {}`. */
export type ErrorClass = abstract new (...args: never[]) => Error;

/** Options of {@link DefaultToolExecutionExceptionProcessor}. */
export interface DefaultToolExecutionExceptionProcessorOptions {
  /**
   * Throw every tool failure instead of telling the model (property
   * `spring.ai.tools.throw-exception-on-error`).
   *
   * @defaultValue `false`
   */
  readonly alwaysThrow?: boolean;
  /**
   * Error classes that must never be hidden from the caller: when a tool's failure cause is an
   * instance of one of them (subclasses included), the cause itself is thrown, unwrapped.
   *
   * @defaultValue `[]`
   */
  readonly rethrow?: readonly ErrorClass[];
}

/**
 * The default {@link ToolExecutionExceptionProcessor}: tells the model what went wrong, so it can
 * retry with other arguments or explain the failure to the user.
 *
 * Order of decisions in {@link DefaultToolExecutionExceptionProcessor.process}:
 * 1. the cause is an instance of a class in `rethrow` → the cause is thrown;
 * 2. `alwaysThrow` → the `ToolExecutionError` is thrown;
 * 3. otherwise the message is returned: `error.message`, or when that is blank
 *    `Exception occurred in tool: <toolName> (<CauseClassName>)`.
 *
 * @remarks TypeScript has no checked exceptions, so Spring's rule "a cause that is not a
 * RuntimeException is always rethrown" has no equivalent: every cause that is not in the rethrow
 * list is reported to the model unless `alwaysThrow` is set.
 * @see Spring AI `DefaultToolExecutionExceptionProcessor`
 */
export class DefaultToolExecutionExceptionProcessor implements ToolExecutionExceptionProcessor {
  readonly alwaysThrow: boolean;
  readonly rethrow: readonly ErrorClass[];

  /**
   * @param options - `alwaysThrow` (default `false`) and `rethrow` (default `[]`)
   */
  constructor(options: DefaultToolExecutionExceptionProcessorOptions = {}) {
    this.alwaysThrow = options.alwaysThrow ?? false;
    this.rethrow = Object.freeze([...(options.rethrow ?? [])]);
  }

  /**
   * @param error - the tool failure
   * @returns the text the model reads as the tool's response
   * @throws the cause, when it is an instance of a class of the `rethrow` list
   * @throws ToolExecutionError (the given error) when `alwaysThrow` is set
   */
  process(error: ToolExecutionError): string {
    const cause: unknown = error.cause;
    if (this.rethrow.some((errorClass) => cause instanceof errorClass)) {
      throw cause;
    }
    if (this.alwaysThrow) {
      throw error;
    }
    if (error.message.trim() !== '') {
      return error.message;
    }
    return `Exception occurred in tool: ${error.toolDefinition.name} (${classNameOf(cause)})`;
  }
}

function classNameOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object' || typeof value === 'function') {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== '' ? name : 'Object';
  }
  return typeof value;
}
