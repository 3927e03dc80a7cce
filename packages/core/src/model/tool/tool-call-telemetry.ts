import { type Context, type Histogram, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  GEN_AI,
  GEN_AI_OPERATION,
  INSTRUMENTATION_SCOPE,
  SPROUT_ATTRIBUTE,
  TOOL_DURATION_METRIC,
} from '../../observation/gen-ai-attributes';
import { LazyInstruments } from '../../observation/lazy-instruments';
import { NOOP_HISTOGRAM, tracerProviderRegistered } from '../../observation/otel-registration';
import { redactCredentials } from '../../util/redact-credentials';
import type { PreparedToolCall } from './prepared-tool-call';
import type { ToolCallOutcome } from './tool-call-outcome';

/**
 * Records each tool call as an OpenTelemetry `execute_tool {gen_ai.tool.name}` span (INTERNAL) and
 * in the tool-duration histogram `spring.ai.tool` (seconds, by tool name and outcome). With no
 * tracer or meter provider registered, spans and instruments are the API's no-ops; attributes are
 * only computed for a recording span.
 *
 * Arguments and results (the whole result, also when the model read a truncated one) are recorded
 * only with `includeContent`, credentials masked as in log lines.
 *
 * @remarks Spring AI records a `spring.ai.tool` Micrometer observation per call; this is its
 * OpenTelemetry form, named as the GenAI semantic conventions name it.
 */
export class ToolCallTelemetry {
  readonly #tracer = trace.getTracer(INSTRUMENTATION_SCOPE.core);
  readonly #duration = new LazyInstruments<Histogram>(INSTRUMENTATION_SCOPE.core, (meter) =>
    meter.createHistogram(TOOL_DURATION_METRIC, { unit: 's', description: 'Duration of tool executions' }),
  );

  /** @param includeContent - record arguments and results (`spring.ai.tools.observations.include-content`) */
  constructor(readonly includeContent: boolean) {}

  /**
   * Starts a call's span; none while no tracer provider is registered (the API's span would be a
   * no-op, and asking for one costs more than the rest of a trivial tool call's bookkeeping).
   *
   * @param call - the prepared call
   * @param parent - the context of the round (the request's span)
   */
  start(call: PreparedToolCall, parent: Context): Span | undefined {
    if (!tracerProviderRegistered()) return undefined;
    const span = this.#tracer.startSpan(
      `${GEN_AI_OPERATION.executeTool} ${call.name}`,
      { kind: SpanKind.INTERNAL },
      parent,
    );
    if (!span.isRecording()) return span;
    span.setAttributes({
      [GEN_AI.operationName]: GEN_AI_OPERATION.executeTool,
      [GEN_AI.toolName]: call.name,
      [GEN_AI.toolCallId]: call.id,
      [GEN_AI.toolType]: call.callback?.toolType ?? 'function',
    });
    const description = call.callback?.toolDefinition.description;
    if (description !== undefined && description !== '') span.setAttribute(GEN_AI.toolDescription, description);
    const timeoutMs = call.callback?.toolMetadata.timeoutMs;
    if (timeoutMs !== undefined) span.setAttribute(SPROUT_ATTRIBUTE.toolTimeoutMs, timeoutMs);
    if (this.includeContent) span.setAttribute(GEN_AI.toolCallArguments, redactCredentials(call.arguments.text));
    return span;
  }

  /**
   * The context a call's tool runs in: `parent` with the call's span active (its own spans, e.g.
   * an MCP request, are the span's children), or `parent` itself when there is no span.
   *
   * @param span - what {@link ToolCallTelemetry.start} returned
   * @param parent - the context of the round
   */
  contextFor(span: Span | undefined, parent: Context): Context {
    return span === undefined ? parent : trace.setSpan(parent, span);
  }

  /**
   * Ends a call's span with its outcome and records its duration.
   *
   * @param span - what {@link ToolCallTelemetry.start} returned
   * @param outcome - how the call ended
   */
  end(span: Span | undefined, outcome: ToolCallOutcome): void {
    const errorType = errorTypeOf(outcome);
    const duration = this.#duration.get();
    if (duration !== NOOP_HISTOGRAM) {
      duration.record(outcome.durationMs / 1000, {
        [GEN_AI.operationName]: GEN_AI_OPERATION.executeTool,
        [GEN_AI.toolName]: outcome.call.name,
        [SPROUT_ATTRIBUTE.toolOutcome]: outcome.status,
        ...(errorType === undefined ? {} : { [GEN_AI.errorType]: errorType }),
      });
    }
    if (span === undefined) return;
    if (!span.isRecording()) {
      span.end();
      return;
    }
    span.setAttribute(SPROUT_ATTRIBUTE.toolOutcome, outcome.status);
    if (outcome.responseData !== outcome.fullResponseData) {
      span.setAttribute(SPROUT_ATTRIBUTE.toolResultTruncated, true);
      span.setAttribute(SPROUT_ATTRIBUTE.toolResultLength, outcome.fullResponseData.length);
    }
    if (outcome.status === 'limit') span.addEvent('sprout.tool.limit_refused', { message: outcome.responseData });
    if (outcome.status === 'timeout') span.addEvent('sprout.tool.timeout');
    if (errorType !== undefined) {
      span.setAttribute(GEN_AI.errorType, errorType);
      span.setStatus({ code: SpanStatusCode.ERROR, message: redactCredentials(outcome.responseData) });
    }
    if (this.includeContent) span.setAttribute(GEN_AI.toolCallResult, redactCredentials(outcome.fullResponseData));
    span.end();
  }
}

/** `error.type` of a call that did not succeed: the failure's class, or the refusal's kind. */
function errorTypeOf(outcome: ToolCallOutcome): string | undefined {
  switch (outcome.status) {
    case 'success':
      return undefined;
    case 'limit':
      return 'tool_call_limit';
    case 'unknown-tool':
      return 'unknown_tool';
    case 'timeout':
      return 'timeout';
    case 'error': {
      const error = outcome.error as { cause?: unknown } | undefined;
      const cause = error?.cause;
      return cause instanceof Error ? cause.name : error instanceof Error ? error.name : '_OTHER';
    }
  }
}
