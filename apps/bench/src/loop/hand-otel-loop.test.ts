import {
  AggregationTemporality,
  InMemoryMetricExporter,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { createHandOtelLoop } from './hand-otel-loop';
import { registerOtelSdk } from './otel-sdk';
import { addScenario } from './scenarios';
import { createSproutOtelLoop } from './sprout-otel-loop';
import { type LoopContenderFactory, verifyEqualWork } from './tool-loop-scenario';

// hand-otel is P1's measure of what the SDK alone charges for Sprout's spans: it holds only while it
// records what Sprout records. When Sprout's spans or metrics change, mirror them in hand-otel-loop.ts.
const spans = new InMemorySpanExporter();
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.DELTA);
const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
const sdk = registerOtelSdk(spans, [reader]);

afterAll(async () => {
  await sdk.tracerProvider.shutdown();
  await sdk.meterProvider.shutdown();
});

/** One request's spans (end order) and metric points, as comparable values. */
async function record(create: LoopContenderFactory, rounds: number) {
  spans.reset();
  metricExporter.reset();
  const scenario = addScenario(rounds);
  await verifyEqualWork(create(scenario), scenario);
  await sdk.tracerProvider.forceFlush();
  await reader.forceFlush();
  const finished = spans.getFinishedSpans();
  const byId = new Map(finished.map((span) => [span.spanContext().spanId, span]));
  const describe = (span: ReadableSpan) => ({
    scope: span.instrumentationScope.name,
    name: span.name,
    kind: span.kind,
    parent: byId.get(span.parentSpanContext?.spanId ?? '')?.name,
    attributes: span.attributes,
    status: span.status.code,
    events: span.events.map((event) => event.name),
  });
  const points = metricExporter.getMetrics().flatMap((resource) =>
    resource.scopeMetrics.flatMap((scope) =>
      scope.metrics.map((metric) => ({
        scope: scope.scope.name,
        name: metric.descriptor.name,
        unit: metric.descriptor.unit,
        points: metric.dataPoints.map((point) => ({
          attributes: point.attributes,
          count: (point.value as { count: number }).count,
        })),
      })),
    ),
  );
  return { spans: finished.map(describe), metrics: points };
}

describe.each([1, 3])('hand-otel, a request of %i round(s)', (rounds) => {
  it("should record Sprout's spans and metrics: names, kinds, parents, attributes, data points", async () => {
    const sprout = await record(createSproutOtelLoop, rounds);
    const hand = await record(createHandOtelLoop, rounds);

    expect(sprout.spans.map((span) => span.name)).toEqual([
      ...Array.from({ length: rounds }, () => ['chat', 'execute_tool add']).flat(),
      'chat',
      'invoke_agent',
    ]);
    expect(sprout.metrics.map((metric) => metric.name)).toEqual(['gen_ai.client.operation.duration', 'spring.ai.tool']);
    expect(hand).toEqual(sprout);
  });
});
