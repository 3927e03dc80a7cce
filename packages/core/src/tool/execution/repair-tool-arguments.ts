/**
 * One repair applied to a tool call's arguments text before it could be used:
 * - `object-arguments` — the server sent the arguments as a JSON object instead of JSON text;
 * - `markdown-fence` — the JSON was wrapped in a markdown code fence (```` ```json … ``` ````);
 * - `leading-text` — text came before the JSON object;
 * - `special-tokens` — model special tokens (`<|tool_call_end|>`, `</tool_call>` …) followed the JSON value;
 * - `trailing-text` — other text followed the first complete JSON value;
 * - `double-encoded` — the arguments were a JSON string holding the JSON object text;
 * - `json-syntax` — JSON syntax errors fixed by `jsonrepair` (single quotes, trailing commas, unquoted keys …).
 */
export type ToolArgumentRepair =
  | 'object-arguments'
  | 'markdown-fence'
  | 'leading-text'
  | 'special-tokens'
  | 'trailing-text'
  | 'double-encoded'
  | 'json-syntax';

/** What {@link repairToolArguments} found: usable arguments, or why there are none. */
export type RepairedToolArguments =
  | {
      readonly ok: true;
      /** The arguments object. */
      readonly value: Record<string, unknown>;
      /** Its JSON text: the input itself when no repair was needed, else `JSON.stringify(value)`. */
      readonly text: string;
      /** The repairs applied, in order; empty when the input was a valid JSON object text (or blank). */
      readonly repairs: readonly ToolArgumentRepair[];
    }
  | {
      readonly ok: false;
      /** Why the arguments cannot be used, e.g. `the JSON value is incomplete (truncated)`. */
      readonly problem: string;
      /** Whether the text ends inside an unfinished JSON value (output cut off, e.g. `finish_reason: length`). */
      readonly truncated: boolean;
      readonly repairs: readonly ToolArgumentRepair[];
      /** The strict parser's `SyntaxError`, when the text was not valid JSON. */
      readonly cause?: unknown;
    };

/**
 * Whether tool-call arguments are blank, i.e. stand for `{}`: missing (`undefined`/`null`), or text
 * that is empty once trimmed (JavaScript `trim()`: spaces, tabs, line breaks, NBSP, BOM …). The one
 * definition every part of Sprout uses (parsing, normalizing, the blank-arguments warning, stream
 * aggregation, replay).
 *
 * @param raw - the arguments as received, e.g. `''`, `'\n'`, `'{"orderId":"A123"}'`
 * @returns `true` for `undefined`, `null` and whitespace-only text; `false` for anything else
 *   (an object sent as arguments is not blank)
 */
export function isBlankToolArguments(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

const FENCE = /^\s*```[a-zA-Z0-9_-]*[ \t]*\r?\n?([\s\S]*?)\r?\n?[ \t]*```/;
/** `<|tool_call_end|>`, `<|im_end|>`, `</tool_call>`, `<｜tool▁call▁end｜>` (DeepSeek) and the like. */
const SPECIAL_TOKENS = /^(?:\s*(?:<\|[^|>]{1,64}\|>|<｜[^｜>]{1,64}｜>|<\/?[a-z_]{1,32}>|\[\/?[A-Z_]{2,32}\]))+\s*$/;
const MAX_DECODE_DEPTH = 2;
/**
 * Deepest nesting of arrays and objects accepted in arguments. Far beyond real tool arguments, and
 * far below what overflows the stack of the recursive steps after parsing (coercion, schema
 * validation, serialization).
 */
export const MAX_TOOL_ARGUMENTS_DEPTH = 256;

/**
 * Makes a tool call's arguments usable. Strict `JSON.parse` first — valid JSON object text comes
 * back unchanged with no repairs; blank text is `{}`. Otherwise, in this order: an object sent
 * instead of text is serialized; a markdown fence is removed; the first complete JSON value is cut
 * out of leading and trailing text (special tokens, prose); what remains is parsed, and when that
 * fails, fixed with `jsonrepair`; a JSON string holding JSON object text is decoded. Every step
 * that changed something is listed in `repairs`.
 *
 * Never throws. Arguments whose JSON value never closes are reported as truncated and are **not**
 * completed (running a tool with half its arguments is worse than asking again). A value that is
 * not an object (number, array, bare string) is not usable, nor one that nests arrays and objects
 * deeper than {@link MAX_TOOL_ARGUMENTS_DEPTH} levels.
 *
 * Linear in the length of the text.
 *
 * @param raw - the arguments as the server sent them, normally JSON text such as `{"orderId":"A123"}`
 * @returns the arguments object and its JSON text, or the problem
 * @remarks Not in Spring AI, which hands the text to Jackson as it is.
 */
export function repairToolArguments(raw: unknown): RepairedToolArguments {
  const repairs: ToolArgumentRepair[] = [];
  let text: string;
  if (typeof raw === 'string') {
    text = raw;
  } else if (raw === undefined || raw === null) {
    text = '';
  } else if (typeof raw === 'object' && !Array.isArray(raw)) {
    repairs.push('object-arguments');
    try {
      text = JSON.stringify(raw);
    } catch {
      return notUsable(tooDeep(), repairs);
    }
  } else {
    return notUsable(`expected a JSON object, got ${describe(raw)}`, repairs);
  }
  if (isBlankToolArguments(text)) return { ok: true, value: {}, text: '{}', repairs };
  return repairText(text, repairs, 0);
}

function tooDeep(): string {
  return `the arguments nest arrays and objects deeper than ${MAX_TOOL_ARGUMENTS_DEPTH} levels`;
}

/** Whether brackets outside strings nest deeper than `max` (a linear scan, before any recursive step). */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i, c);
      if (end < 0) return false;
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

function repairText(text: string, repairs: ToolArgumentRepair[], depth: number): RepairedToolArguments {
  // Nesting n levels takes n brackets: shorter text needs no scan.
  if (text.length > MAX_TOOL_ARGUMENTS_DEPTH && nestsDeeperThan(text, MAX_TOOL_ARGUMENTS_DEPTH)) {
    return notUsable(tooDeep(), repairs);
  }
  const strict = tryParse(text);
  if (strict.ok) return fromValue(strict.value, repairs.length === 0 ? text : undefined, repairs, depth);
  const syntax = (): string => `not valid JSON (${messageOf(strict.error)})`;

  let body = text;
  const fence = FENCE.exec(body);
  if (fence) {
    repairs.push('markdown-fence');
    const rest = body.slice(fence[0].length);
    body = fence[1] + (rest.trim() === '' ? '' : rest);
  }
  const span = firstJsonValue(body);
  if (span.kind === 'none') return notUsable(`${syntax()}: no JSON object found`, repairs, strict.error);
  if (span.kind === 'open') {
    return {
      ok: false,
      problem: `${syntax()}: the JSON object never closes, the arguments were cut off`,
      truncated: true,
      repairs,
      cause: strict.error,
    };
  }
  if (body.slice(0, span.start).trim() !== '') repairs.push('leading-text');
  const trailing = body.slice(span.end);
  if (trailing.trim() !== '') repairs.push(SPECIAL_TOKENS.test(trailing) ? 'special-tokens' : 'trailing-text');
  const candidate = body.slice(span.start, span.end);

  const parsed = tryParse(candidate);
  if (parsed.ok) return fromValue(parsed.value, undefined, repairs, depth);
  const { jsonrepair } = jsonRepairModule();
  let fixed: string;
  try {
    fixed = jsonrepair(candidate);
  } catch {
    return notUsable(syntax(), repairs, strict.error);
  }
  const reparsed = tryParse(fixed);
  if (!reparsed.ok) return notUsable(syntax(), repairs, strict.error);
  repairs.push('json-syntax');
  return fromValue(reparsed.value, undefined, repairs, depth);
}

let jsonRepair: typeof import('jsonrepair') | undefined;
/** jsonrepair, loaded the first time arguments need a syntax repair (rare) rather than at start-up. */
function jsonRepairModule(): typeof import('jsonrepair') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start-up
  return (jsonRepair ??= require('jsonrepair') as typeof import('jsonrepair'));
}

function fromValue(
  value: unknown,
  unchangedText: string | undefined,
  repairs: ToolArgumentRepair[],
  depth: number,
): RepairedToolArguments {
  if (typeof value === 'string' && depth < MAX_DECODE_DEPTH && /^\s*[{`]/.test(value)) {
    repairs.push('double-encoded');
    return repairText(value, repairs, depth + 1);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return notUsable(`expected a JSON object, got ${describe(value)}`, repairs);
  }
  return { ok: true, value: value as Record<string, unknown>, text: unchangedText ?? JSON.stringify(value), repairs };
}

function notUsable(problem: string, repairs: readonly ToolArgumentRepair[], cause?: unknown): RepairedToolArguments {
  return { ok: false, problem, truncated: false, repairs, ...(cause === undefined ? {} : { cause }) };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type Span = { kind: 'none' } | { kind: 'open' } | { kind: 'closed'; start: number; end: number };

/**
 * Where the first JSON object starts and ends, found by matching brackets outside
 * strings (both quote styles, with escapes). A lexer, not a parser: what lies between is checked
 * by `JSON.parse`/`jsonrepair`.
 */
function firstJsonValue(text: string): Span {
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) {
      start = i;
      break;
    }
    if (c === 0x22 /* " */ && /^"\s*\{/.test(text.slice(i, i + 32))) {
      // A JSON string holding an object before any bracket: double-encoded, e.g. "{\"a\":1}".
      const end = stringEnd(text, i, 0x22);
      return end < 0 ? { kind: 'open' } : { kind: 'closed', start: i, end: end + 1 };
    }
  }
  if (start < 0) return { kind: 'none' };
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x27 /* ' */) {
      const end = stringEnd(text, i, c);
      if (end < 0) return { kind: 'open' };
      i = end;
    } else if (c === 0x7b || c === 0x5b /* [ */) {
      depth++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
      if (depth === 0) return { kind: 'closed', start, end: i + 1 };
    }
  }
  return { kind: 'open' };
}

/** Index of the quote closing the string that opens at `open`, or -1. */
function stringEnd(text: string, open: number, quote: number): number {
  for (let i = open + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c /* \ */) i++;
    else if (c === quote) return i;
  }
  return -1;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const shown = JSON.stringify(value) ?? typeof value;
  const excerpt = shown.length > 40 ? `${shown.slice(0, 40)}…` : shown;
  return `${typeof value === 'number' ? 'a number' : typeof value === 'string' ? 'a string' : `a ${typeof value}`} (${excerpt})`;
}
