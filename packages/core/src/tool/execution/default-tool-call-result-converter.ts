import type { ToolCallResultConverter } from './tool-call-result-converter';

/** What a `void` tool returns to the model: the JSON string `"Done"`, quotes included. */
const DONE = JSON.stringify('Done');

/** Options of {@link DefaultToolCallResultConverter}. */
export interface DefaultToolCallResultConverterOptions {
  /** Name of the tool, used in error messages. */
  readonly toolName?: string;
}

/**
 * Turns a tool's return value into JSON text for the model.
 *
 * | result | text |
 * |---|---|
 * | `returnsVoid`, or `undefined` | `"Done"` (a JSON string) |
 * | a string that is valid JSON (e.g. `{"a":1}`, `42`) | the string, verbatim |
 * | any other string (e.g. `shipped`, `""`) | the string JSON-quoted: `"shipped"`, `""` |
 * | `null` | `null` |
 * | `Date` | its ISO string, JSON-quoted |
 * | `bigint` | its decimal digits as a JSON string, e.g. `"9007199254740993"` |
 * | `Map` / `Set` (also nested) | an object / an array |
 * | a stream, an Observable, an iterator (top level) | an error: collect the values first |
 * | anything else | `JSON.stringify(result)` |
 *
 * @remarks Departures from Spring AI: a JSON string must be valid JSON as a whole (Spring's
 * parser accepts a string that merely starts with a JSON value, so `3 items: [a]` passes through
 * unquoted there and is quoted here); `undefined` gives `"Done"` also for function tools, where
 * Spring returns `null`; Spring's image conversion has no equivalent.
 * @see Spring AI `DefaultToolCallResultConverter`
 */
export class DefaultToolCallResultConverter implements ToolCallResultConverter {
  private readonly subject: string;

  /**
   * @param options - `toolName` for error messages
   */
  constructor(options: DefaultToolCallResultConverterOptions = {}) {
    this.subject = options.toolName === undefined ? 'Tool result' : `Result of tool '${options.toolName}'`;
  }

  /**
   * @param result - the tool's awaited return value
   * @param returnsVoid - true when the method is declared to return `void`
   * @returns JSON text, never `null`/`undefined`
   * @throws Error when the value cannot be serialised (a cyclic object, a function, a symbol, an
   * invalid `Date`, a stream, an Observable, an iterator), e.g. `Result of tool 'x' cannot be serialised to JSON: cyclic reference (…)`
   */
  convert(result: unknown, returnsVoid: boolean): string {
    if (returnsVoid || result === undefined) return DONE;
    if (typeof result === 'string') return isJson(result) ? result : JSON.stringify(result);
    // Numbers and booleans need no replacer (the replacer changes only bigint, Map, Set and Date).
    if (typeof result === 'number' || typeof result === 'boolean') return JSON.stringify(result);
    const sequence = sequenceKind(result);
    if (sequence !== undefined) {
      throw this.failure(`${sequence} is not JSON data, and the model reads one result per call; collect its values`);
    }
    let text: string | undefined;
    try {
      text = JSON.stringify(result, replaceUnserialisable);
    } catch (error) {
      throw this.failure(reasonOf(error), error);
    }
    if (text === undefined) {
      throw this.failure(`a ${typeof result} is not JSON data`);
    }
    return text;
  }

  private failure(reason: string, cause?: unknown): Error {
    return new Error(
      `${this.subject} cannot be serialised to JSON: ${reason}. Return plain data (objects, arrays, strings, numbers, booleans, null).`,
      { cause },
    );
  }
}

/**
 * What a value that yields values over time is (JSON.stringify would give `{}` or its internals):
 * an async iterable (async generators, Node and web streams), an Observable (the `@@observable`
 * interop key) or an iterator (a generator object).
 */
function sequenceKind(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (Symbol.asyncIterator in value) return 'a stream (an async iterable)';
  const observable = (Symbol as { observable?: symbol }).observable;
  if ('@@observable' in value || (observable !== undefined && observable in value)) return 'an Observable';
  if (Symbol.iterator in value && typeof (value as { next?: unknown }).next === 'function') return 'an iterator';
  return undefined;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function replaceUnserialisable(this: unknown, key: string, value: unknown): unknown {
  // JSON.stringify calls toJSON before the replacer, so a Date arrives here as its ISO string;
  // the holder still has the original, which tells an invalid Date (toJSON gives null) apart.
  const original = (this as Record<string, unknown>)[key];
  if (original instanceof Date && Number.isNaN(original.getTime())) throw new RangeError('invalid Date');
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Map) return Object.fromEntries(value);
  if (value instanceof Set) return [...value];
  return value;
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message.replace(/\s+/g, ' ').trim() : String(error);
  if (/circular/i.test(message)) return `cyclic reference (${message})`;
  return message;
}
