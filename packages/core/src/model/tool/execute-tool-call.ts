import type { ToolContext } from '../../chat/model/tool-context';
import { ToolExecutionError } from '../../tool/execution/tool-execution-error';
import type { ToolExecutionExceptionProcessor } from '../../tool/execution/tool-execution-exception-processor';
import type { ToolCallback } from '../../tool/tool-callback';
import { createLogger } from '../../util/logger';
import { capToolResult } from './cap-tool-result';
import type { PreparedToolCall } from './prepared-tool-call';
import type { ToolCallOutcome } from './tool-call-outcome';
import { ToolCallTimeoutError } from './tool-call-timeout-error';
import type { ToolExecutionSettings } from './tool-execution-settings';

const logger = createLogger('DefaultToolCallingManager');

/** What every call of a round shares. */
export interface ToolCallEnvironment {
  readonly processor: ToolExecutionExceptionProcessor;
  readonly settings: ToolExecutionSettings;
  /** The request's tool context; each call gets a copy with its own signal. */
  readonly toolContext: ToolContext;
  /** Aborts when the request is aborted or the round fails; the call then rejects with its reason. */
  readonly roundSignal: AbortSignal;
}

/**
 * Runs one prepared call of a round: with its own signal (aborted by the round's signal or by its
 * timeout), its failure turned into text by the exception processor (and logged at warn with the
 * error id), and its text capped for the model.
 *
 * @param call - the call, with its callback
 * @param callback - `call.callback`
 * @param env - the round's processor, settings, context and signal
 * @returns the outcome (`success`, `error` or `timeout`)
 * @throws the round signal's reason when it aborts; whatever the exception processor throws
 */
export async function executeToolCall(
  call: PreparedToolCall,
  callback: ToolCallback,
  env: ToolCallEnvironment,
): Promise<ToolCallOutcome> {
  const started = performance.now();
  const { timeoutMs = env.settings.defaultTimeoutMs, maxResultChars = env.settings.maxResultChars } =
    callback.toolMetadata;
  const controller = new AbortController();
  const onRoundAbort = (): void => controller.abort(env.roundSignal.reason);
  env.roundSignal.addEventListener('abort', onRoundAbort, { once: true });
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => controller.abort(new ToolCallTimeoutError({ toolName: call.name, timeoutMs })), timeoutMs);
  const outcome = (status: ToolCallOutcome['status'], text: string, error?: unknown): ToolCallOutcome => {
    const responseData = capToolResult(text, maxResultChars);
    return {
      call,
      status,
      responseData,
      fullResponseData: text,
      ...(error === undefined ? {} : { error }),
      durationMs: performance.now() - started,
    };
  };
  try {
    const text = await untilAborted(
      invoke(call, callback, env.toolContext.withSignal(controller.signal)),
      controller.signal,
    );
    return outcome('success', text);
  } catch (thrown) {
    if (env.roundSignal.aborted) throw env.roundSignal.reason;
    const timedOut = thrown instanceof ToolCallTimeoutError;
    const error =
      thrown instanceof ToolExecutionError
        ? thrown
        : new ToolExecutionError({
            toolDefinition: callback.toolDefinition,
            cause: thrown,
            ...(timedOut ? { message: thrown.message } : {}),
          });
    const errorId = (error as ToolExecutionError & { errorId?: string }).errorId;
    logger.warn(
      { toolName: call.name, toolCallId: call.id, errorId, cause: nameOf(error.cause) },
      `Tool '${call.name}' failed (call ${call.id}${errorId === undefined ? '' : `, error id ${errorId}`}): ${error.message}`,
    );
    return outcome(timedOut ? 'timeout' : 'error', env.processor.process(error) ?? '', error);
  } finally {
    clearTimeout(timer);
    env.roundSignal.removeEventListener('abort', onRoundAbort);
  }
}

async function invoke(call: PreparedToolCall, callback: ToolCallback, toolContext: ToolContext): Promise<string> {
  if (call.preparationError !== undefined) throw call.preparationError;
  const text =
    callback.callPrepared !== undefined && callback.prepareArguments !== undefined
      ? await callback.callPrepared(call.arguments, toolContext)
      : await callback.call(call.arguments.text, toolContext);
  // A user callback may still answer null (Spring's tools may): the model reads an empty result.
  return (text as string | null | undefined) ?? '';
}

/** `work`, or a rejection with the signal's reason as soon as it aborts (a tool may ignore its signal). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function nameOf(value: unknown): string {
  return value instanceof Error ? value.name : typeof value;
}
