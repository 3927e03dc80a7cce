import { metrics } from '@opentelemetry/api';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import {
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { createSproutLoop } from './sprout-loop';
import type { LoopContender, ToolLoopScenario } from './tool-loop-scenario';

/** Accepts every batch and drops it: the cost measured is recording spans, not a network. */
const discardingExporter: SpanExporter = {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- 0 is ExportResultCode.SUCCESS (@opentelemetry/core, not a dependency here)
  export: (_spans, done) => done({ code: 0 }),
  shutdown: () => Promise.resolve(),
};

let registered = false;

/**
 * Sprout with the OpenTelemetry SDK registered as an application registers it: a Node tracer
 * provider that samples every span (batch processor, exporter dropping the batches) and a meter
 * provider. Issue 19's target: at most 1.5× Sprout without a provider.
 */
export function createSproutOtelLoop(scenario: ToolLoopScenario): LoopContender {
  if (!registered) {
    registered = true;
    new NodeTracerProvider({
      sampler: new AlwaysOnSampler(),
      spanProcessors: [new BatchSpanProcessor(discardingExporter)],
    }).register();
    metrics.setGlobalMeterProvider(new MeterProvider());
  }
  return { ...createSproutLoop(scenario), id: 'sprout-otel', label: 'Sprout + OTel SDK (sampling on)' };
}
