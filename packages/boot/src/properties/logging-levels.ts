import { setLogLevels } from '@sprout-ai/core/internal';
import { InvalidPropertyError } from './invalid-property-error';
import type { SproutProperties } from './sprout-properties';

/** Prefix of Spring's logging keys for Sprout: `logging.level.sprout` (all) and `logging.level.sprout.<logger>`. */
export const SPROUT_LOGGING_LEVEL_KEY = 'logging.level.sprout';

/** Spring's level names and pino's, as pino names them (`off` is Spring's for none). */
const LEVELS: Readonly<Record<string, string>> = {
  trace: 'trace',
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  error: 'error',
  fatal: 'fatal',
  off: 'silent',
  silent: 'silent',
};

/**
 * Applies `logging.level.sprout=debug` (every Sprout logger) and `logging.level.sprout.<name>=…`
 * (one logger, by its name, e.g. `ToolCallingAdvisor`; it wins) to Sprout's loggers. Keys that are
 * not set leave the level of `SPROUT_LOG_LEVEL` (default `warn`).
 *
 * @param properties - the application's properties
 * @throws InvalidPropertyError when a level is not one of trace, debug, info, warn, error, fatal, off
 * @see Spring Boot `logging.level.*`
 */
export function applyLoggingLevels(properties: SproutProperties): void {
  const levels: Record<string, string> = {};
  for (const key of properties.keys()) {
    if (key !== SPROUT_LOGGING_LEVEL_KEY && !key.startsWith(`${SPROUT_LOGGING_LEVEL_KEY}.`)) continue;
    const value = properties.get(key)?.trim() ?? '';
    const level = LEVELS[value.toLowerCase()];
    if (level === undefined) {
      throw new InvalidPropertyError({
        key,
        value,
        allowed: 'one of trace, debug, info, warn, error, fatal, off',
        origin: properties.origin(key),
      });
    }
    levels[key.slice(SPROUT_LOGGING_LEVEL_KEY.length + 1)] = level;
  }
  if (Object.keys(levels).length > 0) setLogLevels(levels);
}
