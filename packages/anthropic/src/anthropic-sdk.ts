let anthropicModule: typeof import('@anthropic-ai/sdk') | undefined;

/**
 * The `@anthropic-ai/sdk` package, loaded the first time it is needed (an `AnthropicChatModel`
 * creating its client, or a request error being classified) instead of at start-up. Internal to
 * this package (not exported from the index).
 *
 * @returns the package's exports (`Anthropic`, `APIError` …)
 */
export function anthropicSdk(): typeof import('@anthropic-ai/sdk') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start-up
  return (anthropicModule ??= require('@anthropic-ai/sdk') as typeof import('@anthropic-ai/sdk'));
}
