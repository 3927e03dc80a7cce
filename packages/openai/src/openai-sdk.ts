let openAiModule: typeof import('openai') | undefined;

/**
 * The `openai` package, loaded the first time it is needed (an `OpenAiChatModel` creating its
 * client, or a request error being classified) instead of at start-up: it is ~150 modules.
 * Internal to this package (not exported from the index).
 *
 * @returns the package's exports (`OpenAI`, `APIError` …)
 */
export function openAiSdk(): typeof import('openai') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start-up
  return (openAiModule ??= require('openai') as typeof import('openai'));
}
