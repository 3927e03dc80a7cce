import pino, { type Logger } from 'pino';
import { redactCredentials } from './redact-credentials';

export type { Logger };

let root: Logger | undefined;

/**
 * A named pino logger writing JSON lines to stderr (stdout stays free for program output).
 * Level from `SPROUT_LOG_LEVEL` (default `warn`).
 *
 * Every line is written with its credentials masked ({@link redactCredentials}): a logged value —
 * an error's message or stack, a tool's exception, a server's answer — can hold a connection URL
 * such as `postgres://app:secret@db/orders`, which is logged as `postgres://app:***@db/orders`, a
 * `password=…` or `"token":"…"` pair, a `Bearer` token or an `sk-…` API key.
 */
export function createLogger(name: string): Logger {
  root ??= pino(
    // pino's own `redact` option removes values by key; a password inside a message needs the text.
    { level: process.env.SPROUT_LOG_LEVEL ?? 'warn', base: undefined, hooks: { streamWrite: redactCredentials } },
    // Synchronous: lines keep their order with the program's own stderr output and none is lost when
    // the process exits; the default level is warn, so a write is paid for only when something is wrong.
    pino.destination({ dest: 2, sync: true }),
  );
  return root.child({ name });
}
