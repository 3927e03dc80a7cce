import type { Logger } from './logger';

/** One logging method of a provider SDK client's logger (`openai`, `@anthropic-ai/sdk`). */
type SdkLogFn = (message: string, ...rest: unknown[]) => void;

/** The logger shape both provider SDK clients take (`ClientOptions.logger`). */
export interface SdkClientLogger {
  /** The client's errors (what it then throws): debug detail. */
  readonly error: SdkLogFn;
  /** The client's warnings: Sprout warnings. */
  readonly warn: SdkLogFn;
  /** The client's info lines: debug detail. */
  readonly info: SdkLogFn;
  /** The client's debug lines: debug detail. */
  readonly debug: SdkLogFn;
}

/**
 * A provider SDK client's logger, writing through Sprout's (JSON lines on stderr, credentials
 * masked) instead of the console (internal).
 *
 * What the client logs as an error — an SSE event it cannot parse, with the raw chunk — it then
 * throws, and the model reports it as its API error naming the endpoint; so it is debug detail here,
 * never a raw chunk on stderr. Its warnings stay warnings; its info and debug lines are debug detail.
 *
 * @param logger - the model's logger
 * @param sdk - the key the client's arguments are logged under, e.g. `openai`, `anthropic`
 */
export function sdkClientLogger(logger: Logger, sdk: string): SdkClientLogger {
  const detail = (message: string, ...rest: unknown[]): void => {
    if (logger.isLevelEnabled('debug')) logger.debug({ [sdk]: rest }, message);
  };
  return {
    error: detail,
    warn: (message, ...rest) => logger.warn({ [sdk]: rest }, message),
    info: detail,
    debug: detail,
  };
}
