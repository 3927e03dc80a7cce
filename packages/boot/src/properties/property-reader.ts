import { InvalidPropertyError } from './invalid-property-error';

/** A property value with where it came from. */
export interface PropertyValue {
  /** The raw text, untrimmed. */
  readonly value: string;
  /** e.g. `application.properties:3`, `environment variable OPENAI_API_KEY`, `override`. */
  readonly origin: string;
}

const ENVIRONMENT_VARIABLE_ORIGIN = 'environment variable ';

/** The origin of a value given in code (`SproutApplication.run({ properties })`). */
export const OVERRIDE_ORIGIN = 'override';

/** The origin of a value an environment variable set: `environment variable NAME`. */
export function environmentVariableOrigin(name: string): string {
  return `${ENVIRONMENT_VARIABLE_ORIGIN}${name}`;
}

/** True when `origin` says an environment variable set the value (see {@link environmentVariableOrigin}). */
export function isEnvironmentVariableOrigin(origin: string | undefined): boolean {
  return origin?.startsWith(ENVIRONMENT_VARIABLE_ORIGIN) ?? false;
}

/** What {@link PropertyReader.integer} accepts besides the default. */
export interface IntegerConstraint {
  /** Returns true for acceptable values. */
  readonly accept: (value: number) => boolean;
  /** What is allowed, phrased to follow "expected", e.g. `a positive integer or -1 (unlimited)`. */
  readonly allowed: string;
}

/** What {@link PropertyReader.durationMs} accepts besides the default. */
export interface DurationConstraint {
  /** Returns true for acceptable values, in milliseconds. */
  readonly accept: (valueMs: number) => boolean;
  /** What is allowed, phrased to follow "expected", e.g. `a positive duration such as 30s`. */
  readonly allowed: string;
}

/** The `allowed` text of a positive duration, for {@link DurationConstraint}s and messages. */
export const POSITIVE_DURATION = 'a positive duration such as 500ms, 20s, 2m or 1h (a bare number is milliseconds)';

const INTEGER = /^[+-]?\d+$/;
const DURATION = /^(\d+)\s*(ms|s|m|h|d)?$/i;
const DURATION_UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Typed, validated reads over resolved property values. Blank values count as unset, so the default
 * applies (as Spring converts an empty string to `null` for wrapper types).
 *
 * @internal Used by the property groups and by {@link SproutProperties}' typed accessors.
 */
export class PropertyReader {
  constructor(private readonly values: ReadonlyMap<string, PropertyValue>) {}

  /** The trimmed text, or `undefined` when unset or blank. */
  string(key: string): string | undefined {
    const text = this.values.get(key)?.value.trim();
    return text ? text : undefined;
  }

  /** `true`/`false` (any case). @throws InvalidPropertyError for any other text */
  boolean(key: string, defaultValue: boolean): boolean {
    const text = this.string(key);
    if (text === undefined) return defaultValue;
    const lower = text.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    throw this.invalid(key, 'true or false');
  }

  /** A whole number accepted by `constraint`. @throws InvalidPropertyError otherwise */
  integer(key: string, defaultValue: number, constraint: IntegerConstraint): number;
  integer(key: string, defaultValue: undefined, constraint: IntegerConstraint): number | undefined;
  integer(key: string, defaultValue: number | undefined, constraint: IntegerConstraint): number | undefined {
    const text = this.string(key);
    if (text === undefined) return defaultValue;
    const value = INTEGER.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || !constraint.accept(value)) throw this.invalid(key, constraint.allowed);
    return value;
  }

  /**
   * A duration in milliseconds, written as Spring's simple form: a whole number and a unit `ms`,
   * `s`, `m`, `h` or `d` (`500ms`, `30s`, `2m`, `12h`, `7d`, any case), or a bare number of
   * milliseconds; accepted by `constraint` (default: positive).
   *
   * @throws InvalidPropertyError for other text (e.g. `30 sec`, `1.5s`, `PT30S`) or a rejected value
   */
  durationMs(key: string, defaultMs: number, constraint?: DurationConstraint): number;
  durationMs(key: string, defaultMs: undefined, constraint?: DurationConstraint): number | undefined;
  durationMs(key: string, defaultMs: number | undefined, constraint?: DurationConstraint): number | undefined {
    const text = this.string(key);
    if (text === undefined) return defaultMs;
    const { accept, allowed } = constraint ?? { accept: (ms: number) => ms > 0, allowed: POSITIVE_DURATION };
    const match = DURATION.exec(text);
    const value = match === null ? Number.NaN : Number(match[1]) * DURATION_UNIT_MS[(match[2] ?? 'ms').toLowerCase()];
    if (!Number.isSafeInteger(value) || !accept(value)) throw this.invalid(key, allowed);
    return value;
  }

  /** A finite decimal number within `[min, max]`. @throws InvalidPropertyError otherwise */
  number(key: string, range: { min: number; max: number }): number | undefined {
    const text = this.string(key);
    if (text === undefined) return undefined;
    const value = NUMBER.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(value) || value < range.min || value > range.max) {
      throw this.invalid(key, `a number between ${range.min} and ${range.max}`);
    }
    return value;
  }

  /**
   * One of `allowed`, matched ignoring case and treating `-` as `_` (Spring's relaxed enum binding:
   * `return-error-response` reads as `RETURN_ERROR_RESPONSE`, `GENERIC` as `generic`).
   *
   * @returns the matching entry of `allowed`, as written there
   * @throws InvalidPropertyError for any other text
   */
  enumeration<T extends string>(key: string, allowed: readonly T[], defaultValue: T): T {
    const text = this.string(key);
    if (text === undefined) return defaultValue;
    const relaxed = (value: string) => value.toUpperCase().replace(/-/g, '_');
    const normalized = relaxed(text);
    const match = allowed.find((candidate) => relaxed(candidate) === normalized);
    if (match === undefined) throw this.invalid(key, `one of ${allowed.join(', ')}`);
    return match;
  }

  /** An absolute `http:`/`https:` URL, returned without a trailing slash. @throws InvalidPropertyError otherwise */
  url(key: string): string | undefined {
    const text = this.string(key);
    if (text === undefined) return undefined;
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw this.invalid(key, 'an absolute http(s) URL, e.g. https://api.openai.com');
    }
    return text.replace(/\/+$/, '');
  }

  /** A comma-separated list; items trimmed, blanks dropped. */
  list(key: string): string[] {
    const text = this.string(key);
    if (text === undefined) return [];
    return text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0);
  }

  /** An {@link InvalidPropertyError} for the current value of `key`. */
  invalid(key: string, allowed: string): InvalidPropertyError {
    const entry = this.values.get(key);
    return new InvalidPropertyError({ key, value: entry?.value.trim(), allowed, origin: entry?.origin });
  }
}
