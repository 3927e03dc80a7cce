import {
  type Attributes,
  type Context,
  type Span,
  SpanKind,
  SpanStatusCode,
  context,
  metrics,
  trace,
} from '@opentelemetry/api';
import { type HandMessage, createHandFunctions } from './hand-loop';
import { registerOtelSdk } from './otel-sdk';
import type { LoopContender, ScriptedToolCall, ToolLoopScenario } from './tool-loop-scenario';

// What Sprout records by default for a ChatClient request, written out by hand (the bench's test
// checks the two record the same spans, attributes and metrics): the GenAI conventions' spans and
// histograms plus Sprout's loop and outcome attributes. Scope names are Sprout's, so a trace of
// either looks alike.
const CHAT_SCOPE = '@sprout-ai/chat-client';
const TOOL_SCOPE = '@sprout-ai/core';
const PROVIDER = '_OTHER'; // the scenario's model names no provider
const DURATION_BUCKETS = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92];

/**
 * The hand-written loop opening exactly the spans Sprout opens for the request, through the SDK
 * set-up of `sprout-otel` ({@link registerOtelSdk}): `invoke_agent` (INTERNAL), under it one
 * `chat` (CLIENT) per model call and one `execute_tool {name}` (INTERNAL) per tool call, each run
 * in its span's context (`context.with`) as Sprout runs them; the chat-duration and tool-duration
 * histograms. Its cost over `hand` is what the SDK alone charges for those spans: the floor of
 * Sprout + OTel over Sprout.
 */
export function createHandOtelLoop(scenario: ToolLoopScenario): LoopContender {
  registerOtelSdk();
  const { counter, model, execute } = createHandFunctions(scenario);
  const tool = scenario.tool;
  const chatTracer = trace.getTracer(CHAT_SCOPE);
  const toolTracer = trace.getTracer(TOOL_SCOPE);
  const chatDuration = metrics.getMeter(CHAT_SCOPE).createHistogram('gen_ai.client.operation.duration', {
    unit: 's',
    description: 'GenAI operation duration',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  const toolDuration = metrics
    .getMeter(TOOL_SCOPE)
    .createHistogram('spring.ai.tool', { unit: 's', description: 'Duration of tool executions' });
  const chatMetricAttributes: Attributes = { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': PROVIDER };

  const callModel = async (messages: readonly HandMessage[], parent: Context) => {
    const started = performance.now();
    const span = chatTracer.startSpan('chat', { kind: SpanKind.CLIENT }, parent);
    span.setAttributes({ 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': PROVIDER });
    try {
      const step = await context.with(trace.setSpan(parent, span), () => model(messages));
      span.setAttribute('gen_ai.response.finish_reasons', [step.kind === 'text' ? 'stop' : 'tool_calls']);
      chatDuration.record((performance.now() - started) / 1000, chatMetricAttributes);
      return step;
    } catch (error) {
      chatDuration.record((performance.now() - started) / 1000, {
        ...chatMetricAttributes,
        'error.type': fail(span, error),
      });
      throw error;
    } finally {
      span.end();
    }
  };

  const callTool = async (call: ScriptedToolCall, parent: Context) => {
    const started = performance.now();
    const span = toolTracer.startSpan(`execute_tool ${call.name}`, { kind: SpanKind.INTERNAL }, parent);
    span.setAttributes({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': call.name,
      'gen_ai.tool.call.id': call.id,
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': tool.description,
    });
    let outcome = 'success';
    let errorType: string | undefined;
    try {
      return await context.with(trace.setSpan(parent, span), () => execute(call));
    } catch (error) {
      outcome = 'error';
      errorType = fail(span, error);
      throw error;
    } finally {
      const attributes: Attributes = {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': call.name,
        'sprout.tool.outcome': outcome,
      };
      if (errorType !== undefined) attributes['error.type'] = errorType;
      toolDuration.record((performance.now() - started) / 1000, attributes);
      span.setAttribute('sprout.tool.outcome', outcome);
      span.end();
    }
  };

  const loop = async (parent: Context): Promise<{ text: string; modelCalls: number }> => {
    const messages: HandMessage[] = [{ role: 'user', content: scenario.question }];
    for (let modelCalls = 1; ; modelCalls++) {
      const step = await callModel(messages, parent);
      if (step.kind === 'text') return { text: step.text, modelCalls };
      messages.push({ role: 'assistant', step });
      const results =
        step.calls.length === 1
          ? [await callTool(step.calls[0], parent)]
          : await Promise.all(step.calls.map((call) => callTool(call, parent)));
      step.calls.forEach((call, i) => messages.push({ role: 'tool', toolCallId: call.id, content: results[i] }));
    }
  };

  return {
    id: 'hand-otel',
    label: 'hand-written loop + the same spans (OTel SDK)',
    counter,
    async run() {
      const parent = context.active();
      const span = chatTracer.startSpan('invoke_agent', { kind: SpanKind.INTERNAL }, parent);
      span.setAttributes({
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.provider.name': PROVIDER,
        'gen_ai.request.stream': false,
      });
      const requestContext = trace.setSpan(parent, span);
      try {
        const { text, modelCalls } = await context.with(requestContext, () => loop(requestContext));
        span.setAttributes({
          'sprout.loop.rounds': modelCalls,
          'sprout.loop.end': 'answer',
          'gen_ai.response.finish_reasons': ['stop'],
        });
        return text;
      } catch (error) {
        fail(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  };
}

/** Records a failure on a span as Sprout does (`error.type`, error status); returns the type. */
function fail(span: Span, error: unknown): string {
  const type = error instanceof Error ? error.constructor.name : '_OTHER';
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  return type;
}
