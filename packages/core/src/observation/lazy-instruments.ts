import { type Meter, metrics } from '@opentelemetry/api';

/**
 * Metric instruments made from the global meter provider of the moment, and made again when a
 * different provider is registered (an application may register its SDK after creating the objects
 * that record). With no provider, the API's no-op meter makes no-op instruments.
 *
 * @remarks Per owner instance, not module-global: each manager or advisor keeps its own.
 */
export class LazyInstruments<T> {
  #provider: unknown;
  #instruments: T | undefined;

  /**
   * @param scope - the instrumentation scope (meter name)
   * @param create - makes the instruments from a meter
   */
  constructor(
    private readonly scope: string,
    private readonly create: (meter: Meter) => T,
  ) {}

  /** The instruments for the provider registered now. */
  get(): T {
    const provider = metrics.getMeterProvider();
    if (this.#instruments === undefined || provider !== this.#provider) {
      this.#provider = provider;
      this.#instruments = this.create(provider.getMeter(this.scope));
    }
    return this.#instruments;
  }
}
