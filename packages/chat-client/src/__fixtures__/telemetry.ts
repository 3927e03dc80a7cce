import { metrics } from '@opentelemetry/api';
import {
  AggregationTemporality,
  type DataPoint,
  type Histogram,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** What a test reads of the spans and metrics recorded while it ran. */
export interface TestTelemetry {
  /** Finished spans, in the order they ended. */
  spans(): ReadableSpan[];
  /** The one finished span with this name (throws when there is not exactly one). */
  span(name: string): ReadableSpan;
  /** The histogram points of a metric recorded so far. */
  histogram(name: string): Promise<Array<DataPoint<Histogram>>>;
  /** Forgets the spans and metrics recorded so far. */
  reset(): void;
}

/**
 * Registers the OpenTelemetry SDK as an application would (a Node tracer provider with its
 * AsyncLocalStorage context manager, and a meter provider), exporting to the SDK's in-memory
 * span exporter and metric exporter. Call once per test file: each file runs in its own realm.
 */
export function registerTestTelemetry(): TestTelemetry {
  const spanExporter = new InMemorySpanExporter();
  new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spanExporter)] }).register();
  let metricExporter = new InMemoryMetricExporter(AggregationTemporality.DELTA);
  let reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
  const install = (): void => {
    metricExporter = new InMemoryMetricExporter(AggregationTemporality.DELTA);
    reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
    metrics.disable();
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  };
  install();
  return {
    spans: () => spanExporter.getFinishedSpans(),
    span(name) {
      const spans = spanExporter.getFinishedSpans();
      const found = spans.filter((s) => s.name === name);
      if (found.length !== 1) {
        throw new Error(
          `expected one span '${name}', got ${found.length} among: ${spans.map((s) => s.name).join(', ')}`,
        );
      }
      return found[0];
    },
    async histogram(name) {
      await reader.forceFlush();
      const points: Array<DataPoint<Histogram>> = [];
      for (const resource of metricExporter.getMetrics()) {
        for (const scope of resource.scopeMetrics) {
          for (const metric of scope.metrics) {
            if (metric.descriptor.name === name) points.push(...(metric.dataPoints as Array<DataPoint<Histogram>>));
          }
        }
      }
      return points;
    },
    reset() {
      spanExporter.reset();
      install();
    },
  };
}
