import { metrics } from '@opentelemetry/api';
import { type MetricReader, MeterProvider } from '@opentelemetry/sdk-metrics';
import {
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';

/** Accepts every batch and drops it: the cost measured is recording spans, not a network. */
const discardingExporter: SpanExporter = {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- 0 is ExportResultCode.SUCCESS (@opentelemetry/core, not a dependency here)
  export: (_spans, done) => done({ code: 0 }),
  shutdown: () => Promise.resolve(),
};

/** The SDK providers registered as the global tracer and meter providers. */
export interface RegisteredOtelSdk {
  readonly tracerProvider: NodeTracerProvider;
  readonly meterProvider: MeterProvider;
}

let registered: RegisteredOtelSdk | undefined;

/**
 * Registers the OpenTelemetry SDK as an application registers it, once per process: a Node tracer
 * provider (AsyncLocalStorage context manager) that samples every span, a batch processor, and a
 * meter provider. The P1 contenders `sprout-otel` and `hand-otel` share it, so their difference is
 * what records the spans, not the set-up.
 *
 * @param exporter - where the batches go; by default dropped (the bench), a test passes an in-memory one
 * @param metricReaders - readers of the meter provider (none in the bench: instruments still aggregate)
 * @returns the providers registered by the first call (later calls' arguments are ignored)
 */
export function registerOtelSdk(
  exporter: SpanExporter = discardingExporter,
  metricReaders: MetricReader[] = [],
): RegisteredOtelSdk {
  if (registered === undefined) {
    const tracerProvider = new NodeTracerProvider({
      sampler: new AlwaysOnSampler(),
      spanProcessors: [new BatchSpanProcessor(exporter)],
    });
    tracerProvider.register();
    const meterProvider = new MeterProvider({ readers: metricReaders });
    metrics.setGlobalMeterProvider(meterProvider);
    registered = { tracerProvider, meterProvider };
  }
  return registered;
}
