let undiciModule: typeof import('undici') | undefined;

/**
 * The `undici` package, loaded the first time a provider builds its client (the connection pool
 * and `fetch` of `realmSafeFetch` and `idleTimeoutDispatcher`) instead of at start-up (internal).
 *
 * @returns the package's exports (`Agent`, `fetch` …)
 */
export function undici(): typeof import('undici') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start-up
  return (undiciModule ??= require('undici') as typeof import('undici'));
}
