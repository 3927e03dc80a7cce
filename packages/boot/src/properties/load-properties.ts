import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseLines } from 'dot-properties';
import {
  canonicalPropertyKey,
  isKnownPropertyKey,
  MANAGED_PROPERTY_PREFIXES,
  propertyKeyForEnvironmentVariable,
  suggestPropertyKey,
} from './known-properties';
import { ANTHROPIC_API_KEY_ENV, ANTHROPIC_PROPERTY_KEYS } from './anthropic-properties';
import { OPENAI_API_KEY_ENV, OPENAI_PROPERTY_KEYS } from './open-ai-properties';
import { PropertiesFileError } from './properties-file-error';
import { environmentVariableOrigin, OVERRIDE_ORIGIN, type PropertyValue } from './property-reader';
import { SproutProperties } from './sprout-properties';
import { createLogger } from '@sprout-ai/core/internal';

/** File read when {@link LoadPropertiesOptions.file} is not given (relative to the working directory). */
export const DEFAULT_PROPERTIES_FILE = 'application.properties';

/** Options of {@link loadProperties}. */
export interface LoadPropertiesOptions {
  /**
   * The `.properties` file. A path must exist (else {@link PropertiesFileError}); `undefined` reads
   * {@link DEFAULT_PROPERTIES_FILE} from the working directory **if present**; `false` reads no file.
   */
  readonly file?: string | false;
  /** Environment variables. @defaultValue `process.env` */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Highest-precedence values, by key (any relaxed spelling). */
  readonly overrides?: Readonly<Record<string, string>>;
}

const logger = createLogger('@sprout-ai/boot/properties');

/**
 * Loads the application's configuration. Sources, highest precedence first:
 * 1. `overrides`;
 * 2. environment variables, matched by Spring's relaxed binding: a variable sets a known key when the
 *    key upper-cased with `.` and `-` turned into `_` (or `-` dropped) equals its name —
 *    `SPRING_AI_OPENAI_BASE_URL` → `spring.ai.openai.base-url`; per-tool limits take the name after
 *    `SPRING_AI_TOOLS_LIMITS_MAX_CALLS_PER_TOOL_` as written, and the auto-configuration matches it to a
 *    tool ignoring case once the tools are known (see `bindToolLimitNames`);
 * 3. the properties file (keys in any relaxed style: `apiKey`, `api_key` and `api-key` are one key);
 * 4. `OPENAI_API_KEY` and `ANTHROPIC_API_KEY` from the environment, only for `spring.ai.openai.api-key`
 *    and `spring.ai.anthropic.api-key` when nothing above set them;
 * 5. the defaults of each property group.
 *
 * Unknown keys under `spring.ai.tools.`, `spring.ai.openai.`, `spring.ai.anthropic.`, `spring.ai.model.`,
 * `spring.ai.chat.client.` and `spring.ai.chat.memory.` are logged as
 * warnings (with the closest known key when it looks like a typo) and otherwise ignored.
 *
 * @param options - file, environment and overrides
 * @returns the resolved, validated properties
 * @throws InvalidPropertyError when a value Sprout binds is not allowed (names key, value, origin, what is allowed)
 * @throws PropertiesFileError when an explicitly named file cannot be read
 * @see Spring Boot externalized configuration and relaxed binding
 */
export function loadProperties(options: LoadPropertiesOptions = {}): SproutProperties {
  const values = new Map<string, PropertyValue>();
  const env = options.env ?? process.env;

  for (const [name, key] of [
    [OPENAI_API_KEY_ENV, OPENAI_PROPERTY_KEYS.apiKey],
    [ANTHROPIC_API_KEY_ENV, ANTHROPIC_PROPERTY_KEYS.apiKey],
  ] as const) {
    const value = env[name];
    if (value !== undefined) values.set(key, { value, origin: environmentVariableOrigin(name) });
  }
  for (const [key, entry] of readFile(options.file)) values.set(key, entry);
  for (const [name, value] of Object.entries(env)) {
    const key = value === undefined ? undefined : propertyKeyForEnvironmentVariable(name);
    if (key !== undefined && value !== undefined) values.set(key, { value, origin: environmentVariableOrigin(name) });
  }
  for (const [key, value] of Object.entries(options.overrides ?? {})) {
    values.set(canonicalPropertyKey(key), { value, origin: OVERRIDE_ORIGIN });
  }

  warnAboutUnknownKeys(values);
  return new SproutProperties(values, env);
}

function readFile(file: string | false | undefined): Map<string, PropertyValue> {
  const entries = new Map<string, PropertyValue>();
  if (file === false) return entries;
  const path = resolve(file ?? DEFAULT_PROPERTIES_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (file === undefined && (error as NodeJS.ErrnoException).code === 'ENOENT') return entries;
    throw new PropertiesFileError({ path, cause: error });
  }
  const label = file ?? DEFAULT_PROPERTIES_FILE;
  for (const node of parseLines(text, true)) {
    if (node.type !== 'PAIR') continue;
    const pair = node as unknown as { key: string; value: string; range: [number, number, number, number] };
    const line = lineOf(text, pair.range[0]);
    entries.set(canonicalPropertyKey(pair.key), { value: pair.value, origin: `${label}:${line}` });
  }
  return entries;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function warnAboutUnknownKeys(values: ReadonlyMap<string, PropertyValue>): void {
  for (const [key, { origin }] of values) {
    if (isKnownPropertyKey(key) || !MANAGED_PROPERTY_PREFIXES.some((prefix) => key.startsWith(prefix))) continue;
    const suggestion = suggestPropertyKey(key);
    logger.warn(
      { key, origin, suggestion },
      `Property '${key}' (from ${origin}) is not recognised by Sprout AI and is ignored` +
        (suggestion ? `; did you mean '${suggestion}'?` : '.'),
    );
  }
}
