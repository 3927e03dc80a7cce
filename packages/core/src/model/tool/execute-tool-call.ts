import type { ToolContext } from '../../chat/model/tool-context';
import { RequestAbortedError } from '../../error/request-aborted-error';
import { ToolExecutionError } from '../../tool/execution/tool-execution-error';
import type { ToolExecutionExceptionProcessor } from '../../tool/execution/tool-execution-exception-processor';
import type { ToolCallResult } from '../../tool/tool-call-result';
import type { ToolCallback } from '../../tool/tool-callback';
import { createLogger } from '../../util/logger';
import { linkedSignal } from '../../util/linked-signal';
import { untilAborted } from '../../util/until-aborted';
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
  /** The request's signal: when it aborts, the call's signal aborts and the call rejects at once. */
  readonly requestSignal: AbortSignal | undefined;
}

/**
 * Runs one prepared call of a round: its `toolContext.signal` is the request's signal, or — when the
 * tool has a timeout — its own, aborted by the request or by the timeout; its failure is turned
 * into text by the exception processor (and logged at warn with the error id); its text is capped
 * for the model.
 *
 * @param call - the call, with its callback
 * @param callback - `call.callback`
 * @param env - the round's processor, settings, context and request signal
 * @returns the outcome (`success`, `error` or `timeout`)
 * @throws RequestAbortedError when the request's signal aborts; whatever the exception processor throws
 */
export async function executeToolCall(
  call: PreparedToolCall,
  callback: ToolCallback,
  env: ToolCallEnvironment,
): Promise<ToolCallOutcome> {
  const started = performance.now();
  const { timeoutMs = env.settings.defaultTimeoutMs, maxResultChars = env.settings.maxResultChars } =
    callback.toolMetadata;
  const timeout = timeoutMs === undefined ? undefined : startTimeout(call.name, timeoutMs, env.requestSignal);
  const signal = timeout?.signal ?? env.requestSignal;
  const toolContext = signal === undefined ? env.toolContext : env.toolContext.withSignal(signal);
  try {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- into the catch below, as the callback threw it
    if (call.preparationError !== undefined) throw call.preparationError;
    // The arguments were prepared by the callback (prepareToolCalls) only when it has the pair.
    let work: Promise<string | ToolCallResult>;
    if (callback.prepareArguments === undefined || callback.callPrepared === undefined) {
      work = callback.call(call.arguments.text, toolContext);
    } else if (callback.callPreparedForResult !== undefined) {
      work = callback.callPreparedForResult(call.arguments, toolContext);
    } else {
      work = callback.callPrepared(call.arguments, toolContext);
    }
    // A user callback may still answer null (Spring's tools may): the model reads an empty result.
    const answer = (await untilAborted(work, signal, abortReason)) as string | ToolCallResult | null | undefined;
    const text = (typeof answer === 'object' && answer !== null ? answer.text : answer) ?? '';
    const media = typeof answer === 'object' && answer !== null && answer.media?.length ? answer.media : undefined;
    const responseData = capToolResult(text, maxResultChars);
    return {
      call,
      status: 'success',
      responseData,
      fullResponseData: text,
      ...(media === undefined ? {} : { media }),
      durationMs: performance.now() - started,
    };
  } catch (thrown) {
    RequestAbortedError.throwIfAborted(env.requestSignal);
    const timedOut = ToolCallTimeoutError.isInstance(thrown);
    const error = ToolExecutionError.isInstance(thrown)
      ? thrown
      : new ToolExecutionError({
          toolDefinition: callback.toolDefinition,
          cause: thrown,
          ...(timedOut ? { message: thrown.message } : {}),
        });
    logger.warn(
      { toolName: call.name, toolCallId: call.id, errorId: error.errorId, cause: nameOf(error.cause) },
      `Tool '${call.name}' failed (call ${call.id}, error id ${error.errorId}): ${error.message}`,
    );
    const text = env.processor.process(error) ?? '';
    return {
      call,
      status: timedOut ? 'timeout' : 'error',
      responseData: capToolResult(text, maxResultChars),
      fullResponseData: text,
      error,
      durationMs: performance.now() - started,
    };
  } finally {
    timeout?.dispose();
  }
}

/** A signal of the call's own that its timeout and the request's signal both abort. */
function startTimeout(
  toolName: string,
  timeoutMs: number,
  requestSignal: AbortSignal | undefined,
): { signal: AbortSignal; dispose: () => void } {
  const linked = linkedSignal(requestSignal);
  const timer = setTimeout(() => linked.abort(new ToolCallTimeoutError({ toolName, timeoutMs })), timeoutMs);
  return {
    signal: linked.signal,
    dispose: () => {
      clearTimeout(timer);
      linked.dispose();
    },
  };
}

/** A call stops with its signal's reason: the request's abort, or its own timeout. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason;
}

function nameOf(value: unknown): string {
  return value instanceof Error ? value.name : typeof value;
}
