import pino, { type Logger } from 'pino';

export type { Logger };

let root: Logger | undefined;

/**
 * A named pino logger writing JSON lines to stderr (stdout stays free for program output).
 * Level from `SPROUT_LOG_LEVEL` (default `warn`).
 */
export function createLogger(name: string): Logger {
  root ??= pino({ level: process.env.SPROUT_LOG_LEVEL ?? 'warn', base: undefined }, pino.destination(2));
  return root.child({ name });
}
