import type { Logger } from '@sprout-ai/core/internal';
import type { ClientOptions } from 'openai';

type OpenAiClientLogger = NonNullable<ClientOptions['logger']>;

/**
 * The `openai` client's logger, writing through Sprout's (JSON lines on stderr, credentials
 * masked) instead of the console (internal).
 *
 * What the client logs as an error — an SSE event it cannot parse, with the raw chunk — it then
 * throws, and the model reports it as an `OpenAiApiError` naming the endpoint; so it is debug
 * detail here, never a raw chunk on stderr. Its warnings stay warnings; its info and debug lines
 * are debug detail.
 *
 * @param logger - the model's logger
 */
export function openAiClientLogger(logger: Logger): OpenAiClientLogger {
  const detail = (message: string, ...rest: unknown[]): void => {
    if (logger.isLevelEnabled('debug')) logger.debug({ openai: rest }, message);
  };
  return {
    error: detail,
    warn: (message, ...rest) => logger.warn({ openai: rest }, message),
    info: detail,
    debug: detail,
  };
}
