import { metrics, trace } from '@opentelemetry/api';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ScriptedChatModel, assistantText, assistantToolCalls } from '@sprout-ai/test';
import { recordingTool } from '../__fixtures__/tools';
import { ChatClient } from '../chat-client';

/**
 * An SDK registered after the ChatClient was built (an application that sets up telemetry late):
 * requests made with nothing registered record nothing, the ones after it are observed.
 */
describe('ChatClient observation registered after the client', () => {
  afterEach(() => {
    trace.disable();
    metrics.disable();
  });

  const clientAnswering = (rounds: number) => {
    const tool = recordingTool('lookup');
    const script = [
      ...Array.from({ length: rounds }, (_, i) => assistantToolCalls([{ id: `call_${i}`, name: 'lookup' }])),
      assistantText('Shipped.'),
    ];
    return ChatClient.builder(new ScriptedChatModel([...script, ...script]))
      .defaultTools(tool)
      .build();
  };

  it('should record the request, chat and tool spans once a tracer provider is registered', async () => {
    const client = clientAnswering(1);
    expect(await client.prompt('Where is A1?').call().content()).toBe('Shipped.');

    const exporter = new InMemorySpanExporter();
    new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
    expect(await client.prompt('Where is A1?').call().content()).toBe('Shipped.');

    const spans = exporter.getFinishedSpans();
    const agent = spans.find((s) => s.name === 'invoke_agent');
    expect(agent).toBeDefined();
    expect(spans.map((s) => s.name).sort()).toEqual(['chat', 'chat', 'execute_tool lookup', 'invoke_agent']);
    for (const span of spans.filter((s) => s !== agent)) {
      expect(span.parentSpanContext?.spanId).toBe(agent?.spanContext().spanId);
    }
  });

  it('should record the chat metrics when only a meter provider is registered', async () => {
    const client = clientAnswering(0);
    const exporter = new InMemoryMetricExporter(AggregationTemporality.DELTA);
    const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));

    await client.prompt('Where is A1?').call().content();

    await reader.forceFlush();
    const names = exporter
      .getMetrics()
      .flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics.map((m) => m.descriptor.name)));
    expect(names).toContain('gen_ai.client.operation.duration');
  });
});
