import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  InMemorySpanExporter,
  NodeTracerProvider,
  type ReadableSpan,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import type { ChatClientLoopListener } from '@sprout-ai/chat-client';

/** The order desk's OpenTelemetry SDK: a span tree for `--trace`, an OTLP export when an endpoint is set. */
export interface OrderTelemetry {
  /** Collects each tool call's arguments summary for the tree (the spans carry no content by default). */
  readonly loopListener: ChatClientLoopListener;
  /** The span tree of the request (empty without `--trace`). */
  tree(): string;
  /** Exports what is left and unregisters the SDK. */
  shutdown(): Promise<void>;
}

/**
 * Registers the OpenTelemetry SDK for one run when `--trace` is given or `OTEL_EXPORTER_OTLP_ENDPOINT`
 * is set (then spans go to `<endpoint>/v1/traces` over OTLP/HTTP JSON, as service
 * `sprout-order-support` unless `OTEL_SERVICE_NAME` says otherwise).
 *
 * @param options - whether to keep spans for the tree, and the environment
 * @returns the telemetry, or `undefined` when neither is asked for (nothing registered: the
 *   libraries' spans are no-ops)
 */
export function startOrderTelemetry(options: {
  readonly trace: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}): OrderTelemetry | undefined {
  const endpoint = options.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!options.trace && (endpoint === undefined || endpoint === '')) return undefined;
  const memory = options.trace ? new InMemorySpanExporter() : undefined;
  const processors: SpanProcessor[] = [];
  if (memory !== undefined) processors.push(new SimpleSpanProcessor(memory));
  if (endpoint !== undefined && endpoint !== '') {
    processors.push(
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` })),
    );
  }
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.env.OTEL_SERVICE_NAME ?? 'sprout-order-support' }),
    spanProcessors: processors,
  });
  provider.register();
  const argumentsById = new Map<string, string>();
  return {
    loopListener: {
      onToolCallStart: ({ call }) => argumentsById.set(call.id, summary(call.arguments.text)),
    },
    tree: () => (memory === undefined ? '' : formatSpanTree(memory.getFinishedSpans(), argumentsById)),
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/**
 * A readable tree of a request's spans, children in start order:
 *
 * ```text
 * invoke_agent  412 ms  answer after 2 rounds, tokens 30→8
 * ├─ round 1: chat gpt-4o-mini  120 ms  tool_calls, tokens 10→5
 * ├─ tool getOrderStatus {"orderId":"A123"}  success  3 ms
 * └─ round 2: chat gpt-4o-mini  80 ms  stop, tokens 20→3
 * ```
 *
 * @param spans - finished spans
 * @param argumentsById - each tool call's arguments summary, by call id
 */
export function formatSpanTree(spans: readonly ReadableSpan[], argumentsById: ReadonlyMap<string, string>): string {
  const ids = new Set(spans.map((s) => s.spanContext().spanId));
  const children = new Map<string | undefined, ReadableSpan[]>();
  for (const span of spans) {
    const parent = span.parentSpanContext?.spanId;
    const key = parent !== undefined && ids.has(parent) ? parent : undefined;
    children.set(key, [...(children.get(key) ?? []), span]);
  }
  const byStart = (list: readonly ReadableSpan[]) => [...list].sort((a, b) => nanos(a.startTime) - nanos(b.startTime));
  const lines: string[] = [];
  let round = 0;
  const walk = (span: ReadableSpan, prefix: string, connector: string, parent?: ReadableSpan) => {
    // A provider SDK's own chat span inside Sprout's (the Anthropic SDK traces its calls) is not a round.
    const isRound = isChat(span) && (parent === undefined || !isChat(parent));
    if (isRound) round += 1;
    lines.push(`${prefix}${connector}${isRound || !isChat(span) ? describe(span, round, argumentsById) : plain(span)}`);
    const kids = byStart(children.get(span.spanContext().spanId) ?? []);
    const next = prefix + (connector === '' ? '' : connector === '└─ ' ? '   ' : '│  ');
    kids.forEach((kid, i) => walk(kid, next, i === kids.length - 1 ? '└─ ' : '├─ ', span));
  };
  for (const root of byStart(children.get(undefined) ?? [])) walk(root, '', '');
  return lines.join('\n');
}

function isChat(span: ReadableSpan): boolean {
  return span.attributes['gen_ai.operation.name'] === 'chat';
}

function plain(span: ReadableSpan): string {
  return `${span.name}  ${Math.round(durationMs(span))} ms`;
}

/** A `sprout.*` span attribute (Sprout's own names, next to the GenAI conventions'). */
function sprout(attributes: ReadableSpan['attributes'], name: string): string | undefined {
  const value = attributes[`sprout.${name}`];
  return value === undefined ? undefined : String(value);
}

function describe(span: ReadableSpan, round: number, argumentsById: ReadonlyMap<string, string>): string {
  const a = span.attributes;
  const ms = `${Math.round(durationMs(span))} ms`;
  const tokens =
    a['gen_ai.usage.input_tokens'] === undefined
      ? ''
      : `, tokens ${String(a['gen_ai.usage.input_tokens'])}→${String(a['gen_ai.usage.output_tokens'])}`;
  const error = a['error.type'] === undefined ? '' : `, error ${String(a['error.type'])}`;
  switch (a['gen_ai.operation.name']) {
    case 'invoke_agent':
      return `${span.name}  ${ms}  ${sprout(a, 'loop.end') ?? 'ended'} after ${sprout(a, 'loop.rounds') ?? 0} rounds${tokens}${error}`;
    case 'chat': {
      const reasons = (a['gen_ai.response.finish_reasons'] as string[] | undefined)?.join(',') ?? '';
      return `round ${round}: ${span.name}  ${ms}  ${reasons}${tokens}${error}`;
    }
    case 'execute_tool': {
      const args = argumentsById.get(String(a['gen_ai.tool.call.id'])) ?? '';
      const truncated = sprout(a, 'tool.result.truncated') === 'true' ? ', result truncated' : '';
      return `tool ${String(a['gen_ai.tool.name'])} ${args}  ${sprout(a, 'tool.outcome') ?? ''}${truncated}${error}  ${ms}`;
    }
    default:
      return `${span.name}  ${ms}${error}`;
  }
}

/** Arguments text cut to 60 characters. */
function summary(text: string): string {
  return text.length <= 60 ? text : `${text.slice(0, 59)}…`;
}

function nanos([seconds, nanoseconds]: readonly [number, number]): number {
  return seconds * 1e9 + nanoseconds;
}

function durationMs(span: ReadableSpan): number {
  return nanos(span.duration) / 1e6;
}
