import { type Histogram, ProxyTracerProvider, type TracerProvider, createNoopMeter, trace } from '@opentelemetry/api';

/** The API's no-op tracer provider: the global proxy's delegate until a tracer provider is registered. */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- API 1.x's only handle on that provider
const NOOP_TRACER_PROVIDER = new ProxyTracerProvider().getDelegate();

/**
 * The API's no-op histogram: what every meter gives until a meter provider is registered. Recording
 * on it does nothing, so a caller that finds its histogram is this one need not build attributes.
 */
export const NOOP_HISTOGRAM: Histogram = createNoopMeter().createHistogram('noop');

/**
 * Whether a tracer provider is registered now, i.e. spans started from the global API would record
 * (or be sampled). Anything but this API copy's proxy delegating to its no-op provider counts as
 * registered. Cheap enough to ask per call: an SDK can be registered at any time.
 */
export function tracerProviderRegistered(): boolean {
  const provider = trace.getTracerProvider() as TracerProvider & { getDelegate?(): TracerProvider };
  return provider.getDelegate?.() !== NOOP_TRACER_PROVIDER;
}
