import { type Context, SpanStatusCode, context } from '@opentelemetry/api';
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
import type { ToolCallTelemetry } from './tool-call-telemetry';
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
  /** Records each call's span and duration. */
  readonly telemetry: ToolCallTelemetry;
  /** The round's context (the request's span): the parent of the calls' spans. */
  readonly parent: Context;
  /** Takes a call's outcome, once its span has ended. */
  readonly finished: (outcome: ToolCallOutcome) => void;
}

/**
 * Runs one prepared call of a round, in its own span: its `toolContext.signal` is the request's
 * signal, or — when the tool has a timeout — its own, aborted by the request or by the timeout; its
 * failure is turned into text by the exception processor (and logged at warn with the error id);
 * its text is capped for the model. The outcome goes to `env.finished`.
 *
 * @param call - the call, with its callback
 * @param callback - `call.callback`
 * @param env - the round's processor, settings, context, request signal, telemetry and hand-off
 * @throws RequestAbortedError when the request's signal aborts; whatever the exception processor
 *   throws (the span then ends with an error status and `env.finished` is not called)
 */
export async function executeToolCall(
  call: PreparedToolCall,
  callback: ToolCallback,
  env: ToolCallEnvironment,
): Promise<void> {
  const started = performance.now();
  const span = env.telemetry.start(call, env.parent);
  const { timeoutMs = env.settings.defaultTimeoutMs, maxResultChars = env.settings.maxResultChars } =
    callback.toolMetadata;
  // The tool, its timeout and its failure handling run in the span's context: its own spans (an
  // MCP request) are the span's children, and log lines carry the span.
  const spanContext = span === undefined ? undefined : env.telemetry.contextFor(span, env.parent);
  const timeout =
    timeoutMs === undefined
      ? undefined
      : spanContext === undefined
        ? startTimeout(call.name, timeoutMs, env.requestSignal)
        : context.with(spanContext, startTimeout, undefined, call.name, timeoutMs, env.requestSignal);
  const signal = timeout?.signal ?? env.requestSignal;
  const toolContext = signal === undefined ? env.toolContext : env.toolContext.withSignal(signal);
  let outcome: ToolCallOutcome;
  try {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- into the catch below, as the callback threw it
    if (call.preparationError !== undefined) throw call.preparationError;
    const work =
      spanContext === undefined
        ? startTool(call, callback, toolContext)
        : context.with(spanContext, startTool, undefined, call, callback, toolContext);
    // A user callback may still answer null (Spring's tools may): the model reads an empty result.
    const answer = (await untilAborted(work, signal, abortReason)) as string | ToolCallResult | null | undefined;
    const text = (typeof answer === 'object' && answer !== null ? answer.text : answer) ?? '';
    const media = typeof answer === 'object' && answer !== null && answer.media?.length ? answer.media : undefined;
    const responseData = capToolResult(text, maxResultChars);
    outcome = {
      call,
      status: 'success',
      responseData,
      fullResponseData: text,
      ...(media === undefined ? {} : { media }),
      durationMs: performance.now() - started,
    };
  } catch (thrown) {
    try {
      outcome =
        spanContext === undefined
          ? failed(call, callback, env, thrown, maxResultChars, started)
          : context.with(spanContext, failed, undefined, call, callback, env, thrown, maxResultChars, started);
    } catch (error) {
      span?.setStatus({ code: SpanStatusCode.ERROR });
      span?.end();
      throw error;
    }
  } finally {
    timeout?.dispose();
  }
  env.telemetry.end(span, outcome);
  env.finished(outcome);
}

/** Starts the tool: arguments prepared by the callback (prepareToolCalls) only when it has the pair. */
function startTool(
  call: PreparedToolCall,
  callback: ToolCallback,
  toolContext: ToolContext,
): Promise<string | ToolCallResult> {
  if (callback.prepareArguments === undefined || callback.callPrepared === undefined) {
    return callback.call(call.arguments.text, toolContext);
  }
  if (callback.callPreparedForResult !== undefined) return callback.callPreparedForResult(call.arguments, toolContext);
  return callback.callPrepared(call.arguments, toolContext);
}

/**
 * The outcome of a call whose tool failed or timed out: the processor's text for its error.
 *
 * @throws RequestAbortedError when the request's signal has aborted; whatever the processor throws
 */
function failed(
  call: PreparedToolCall,
  callback: ToolCallback,
  env: ToolCallEnvironment,
  thrown: unknown,
  maxResultChars: number,
  started: number,
): ToolCallOutcome {
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
