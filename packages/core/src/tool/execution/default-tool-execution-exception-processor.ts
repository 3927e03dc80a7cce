import { ToolCallTimeoutError } from '../../model/tool/tool-call-timeout-error';
import { ConfigurationError } from '../../error/configuration-error';
import { redactCredentials } from '../../util/redact-credentials';
import { InvalidToolArgumentsError } from './invalid-tool-arguments-error';
import { DEFAULT_TOOL_ERROR_DETAIL, TOOL_ERROR_DETAILS, type ToolErrorDetail } from './tool-error-detail';
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
  /**
   * How much of the error the model reads (property `spring.ai.tools.errors.detail`): `masked`,
   * `message` or `generic` (see {@link ToolErrorDetail}).
   *
   * @defaultValue {@link DEFAULT_TOOL_ERROR_DETAIL} (`masked`)
   */
  readonly detail?: ToolErrorDetail;
}

/**
 * The default {@link ToolExecutionExceptionProcessor}: tells the model what went wrong, so it can
 * retry with other arguments or explain the failure to the user.
 *
 * Order of decisions in {@link DefaultToolExecutionExceptionProcessor.process}:
 * 1. the cause is an instance of a class in `rethrow` → the cause is thrown;
 * 2. `alwaysThrow` → the `ToolExecutionError` is thrown;
 * 3. otherwise the model reads, by `detail`:
 *    - `message`: `error.message`, or when that is blank
 *      `Exception occurred in tool: <toolName> (<CauseClassName>)` — Spring's text;
 *    - `masked` (the default): that text with its credentials masked by `redactCredentials`, after
 *      `Tool '<toolName>' failed: ` so the model knows which tool failed and that the text is an
 *      error, e.g. `Tool 'getOrder' failed: connect ECONNREFUSED postgres://app:***@db:5432` (the
 *      messages Sprout writes for the model, which name the tool already, get no prefix); a blank
 *      message gives `Tool '<toolName>' failed (<CauseClassName>).`;
 *    - `generic`: `Tool '<toolName>' failed (<CauseClassName>); error id <errorId>.`, e.g.
 *      `Tool 'getOrder' failed (TypeError); error id 3f2b9c1e.`
 *
 * @remarks Departures from Spring on purpose:
 * - Spring sends every message verbatim (`message` here); by default Sprout masks credentials, since
 *   what the model reads is sent to the provider and kept in chat memory.
 * - `generic` still sends the messages Sprout writes for the model, masked as in `masked` mode:
 *   invalid arguments (the cause is an `InvalidToolArgumentsError`: `Invalid arguments for tool 'x':
 *   /qty must be integer. Fix the arguments and call the tool again.`), which the model needs to
 *   correct its call, and timeouts (a `ToolCallTimeoutError`: `Tool 'x' did not finish within
 *   5000 ms and was cancelled. …`). They describe the model's call, not the tool's internals.
 * - TypeScript has no checked exceptions, so Spring's rule "a cause that is not a
 *   RuntimeException is always rethrown" has no equivalent: every cause that is not in the rethrow
 *   list is reported to the model unless `alwaysThrow` is set.
 * @see Spring AI `DefaultToolExecutionExceptionProcessor`
 */
export class DefaultToolExecutionExceptionProcessor implements ToolExecutionExceptionProcessor {
  readonly alwaysThrow: boolean;
  readonly rethrow: readonly ErrorClass[];
  /** @defaultValue {@link DEFAULT_TOOL_ERROR_DETAIL} (`masked`) */
  readonly detail: ToolErrorDetail;

  /**
   * @param options - `alwaysThrow` (default `false`), `rethrow` (default `[]`) and `detail` (default `masked`)
   * @throws ConfigurationError when `detail` is not `masked`, `message` or `generic`
   */
  constructor(options: DefaultToolExecutionExceptionProcessorOptions = {}) {
    this.alwaysThrow = options.alwaysThrow ?? false;
    this.rethrow = Object.freeze([...(options.rethrow ?? [])]);
    this.detail = options.detail ?? DEFAULT_TOOL_ERROR_DETAIL;
    if (!TOOL_ERROR_DETAILS.includes(this.detail)) {
      const shown = typeof options.detail === 'string' ? `'${options.detail}'` : String(options.detail);
      const allowed = `one of ${TOOL_ERROR_DETAILS.map((d) => `'${d}'`).join(', ')}`;
      throw new ConfigurationError({
        setting: 'detail',
        value: options.detail,
        allowed,
        message: `DefaultToolExecutionExceptionProcessor: detail got ${shown}; expected ${allowed}.`,
      });
    }
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
    if (this.detail === 'generic' && !isWrittenForTheModel(cause)) {
      return `Tool '${error.toolDefinition.name}' failed (${classNameOf(cause)}); error id ${error.errorId}.`;
    }
    const blank = error.message.trim() === '';
    const name = error.toolDefinition.name;
    if (this.detail === 'message') {
      return blank ? `Exception occurred in tool: ${name} (${classNameOf(cause)})` : error.message;
    }
    if (isWrittenForTheModel(cause)) return redactCredentials(error.message);
    // The model must see which tool failed and that the text is an error, not a result.
    return blank
      ? `Tool '${name}' failed (${classNameOf(cause)}).`
      : `Tool '${name}' failed: ${redactCredentials(error.message)}`;
  }
}

/** Sprout's own messages for the model, sent in every mode: they hold the model's call, not the tool's internals. */
function isWrittenForTheModel(cause: unknown): boolean {
  return InvalidToolArgumentsError.isInstance(cause) || ToolCallTimeoutError.isInstance(cause);
}

function classNameOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object' || typeof value === 'function') {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== '' ? name : 'Object';
  }
  return typeof value;
}
