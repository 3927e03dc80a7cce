import { metrics, trace } from '@opentelemetry/api';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { NOOP_HISTOGRAM, tracerProviderRegistered } from './otel-registration';

describe(tracerProviderRegistered, () => {
  afterEach(() => {
    trace.disable();
    metrics.disable();
  });

  it('should be false while no tracer provider is registered', () => {
    expect(tracerProviderRegistered()).toBe(false);
  });

  it('should be true once a tracer provider is registered, also after the first question', () => {
    expect(tracerProviderRegistered()).toBe(false);
    trace.setGlobalTracerProvider(new BasicTracerProvider());
    expect(tracerProviderRegistered()).toBe(true);
  });
});

describe('NOOP_HISTOGRAM', () => {
  afterEach(() => metrics.disable());

  it('should be what a meter gives while no meter provider is registered, and only then', () => {
    expect(metrics.getMeter('test').createHistogram('h')).toBe(NOOP_HISTOGRAM);
    metrics.setGlobalMeterProvider(new MeterProvider());
    expect(metrics.getMeter('test').createHistogram('h')).not.toBe(NOOP_HISTOGRAM);
  });
});
