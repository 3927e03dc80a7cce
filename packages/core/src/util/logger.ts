import pino, { type Logger } from 'pino';
import { redactCredentials } from './redact-credentials';

export type { Logger };

let root: Logger | undefined;
/**
 * The logger of each name (modules and instances that ask for one name share it, as with a logging
 * framework's logger factory), so that a level set later reaches every logger: pino children keep
 * the level they were made with.
 */
const byName = new Map<string, Logger>();
/** Levels set by name (`setLogLevels`), and the one for every Sprout logger under `''`. */
let configured: ReadonlyMap<string, string> = new Map();

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
  const existing = byName.get(name);
  if (existing !== undefined) return existing;
  const logger = root.child({ name });
  const level = configured.get(name) ?? configured.get('');
  if (level !== undefined) logger.level = level;
  byName.set(name, logger);
  return logger;
}

/**
 * Sets the level of Sprout's loggers, those made already and those made later: `levels['']` for all
 * of them, `levels[name]` for the logger of that name (e.g. `ToolCallingAdvisor`), which wins.
 * Spring's `logging.level.sprout=debug` and `logging.level.sprout.<name>=…` properties end here.
 *
 * @param levels - pino level names (`trace`, `debug`, `info`, `warn`, `error`, `fatal`, `silent`) by logger name
 */
export function setLogLevels(levels: Readonly<Record<string, string>>): void {
  configured = new Map(Object.entries(levels));
  for (const [name, logger] of byName) {
    const level = configured.get(name) ?? configured.get('');
    if (level !== undefined) logger.level = level;
  }
}
