import { createHash } from 'node:crypto';
import { ConfigurationError } from '@sprout-ai/core';

/** What {@link ToolCallIdRule.parse} accepts, phrased to follow "expected". */
export const TOOL_CALL_ID_PATTERN_FORMS =
  'a pattern of one character class and a length: ^[class]{n}$, ^[class]{min,max}$, ^[class]{min,}$ or ' +
  '^[class]+$, the class made of characters, ranges (a-z) and \\d or \\w, e.g. ^[a-zA-Z0-9]{9}$ (Mistral)';

/** Length of a derived id when the pattern allows a range of lengths. */
const PREFERRED_LENGTH = 24;

/** `^[class]` + `{n}` / `{min,max}` / `{min,}` / `+` + `$`. */
const SUPPORTED_FORM = /^\^\[((?:\\.|[^\]\\])+)\](?:\{(\d+)(,(\d*))?\}|(\+))\$$/;

/**
 * A server's rule for tool-call ids, written as the server documents it, e.g. Mistral's
 * `^[a-zA-Z0-9]{9}$`. Servers with such a rule reject a request that replays an id made by another
 * provider (or stored in chat memory) with HTTP 400; {@link ToolCallIdRule.wireId} gives the id to
 * send instead.
 *
 * The mapping is a pure function of the id: an id the rule accepts is sent as it is; any other is
 * replaced by one derived from its SHA-256 hash, written in the rule's characters at its length.
 * So the same id maps to the same wire id in every request and every process, and a tool result
 * always names its call, however often the history is replayed.
 */
export class ToolCallIdRule {
  private constructor(
    /** The pattern as written. */
    readonly pattern: string,
    private readonly accepted: RegExp,
    private readonly alphabet: readonly string[],
    private readonly length: number,
  ) {}

  /**
   * @param pattern - the server's rule, e.g. `^[a-zA-Z0-9]{9}$`
   * @param setting - the option or property the pattern came from, for the error
   * @throws ConfigurationError when the pattern is not of a supported form ({@link TOOL_CALL_ID_PATTERN_FORMS})
   */
  static parse(pattern: string, setting = 'OpenAiChatModel toolCallIdPattern'): ToolCallIdRule {
    const invalid = (why: string): ConfigurationError =>
      new ConfigurationError({
        setting,
        value: pattern,
        allowed: TOOL_CALL_ID_PATTERN_FORMS,
        message:
          `Invalid tool-call id pattern '${pattern}' for ${setting}: ${why}. ` +
          `Expected ${TOOL_CALL_ID_PATTERN_FORMS}.`,
      });
    const form = typeof pattern === 'string' ? SUPPORTED_FORM.exec(pattern) : null;
    if (form === null) throw invalid('ids can only be made for one character class with a length');
    const [, characterClass, exact, range, max, plus] = form;
    const alphabet = expandCharacterClass(characterClass);
    if (alphabet === undefined || alphabet.length < 2) {
      throw invalid('its character class must name at least two characters, without negation');
    }
    const min = plus === undefined ? Number(exact) : 1;
    const upper = plus !== undefined || (range !== undefined && max === '') ? Infinity : Number(max ?? exact);
    if (min < 1 || upper < min) throw invalid('its length must be at least 1, and min no greater than max');
    let accepted: RegExp;
    try {
      accepted = new RegExp(pattern);
    } catch (error) {
      throw invalid(`it is not a regular expression (${error instanceof Error ? error.message : String(error)})`);
    }
    const length = Math.min(Math.max(PREFERRED_LENGTH, min), upper);
    return new ToolCallIdRule(pattern, accepted, alphabet, length);
  }

  /**
   * @param id - a tool-call id as the history holds it
   * @returns `id` when the rule accepts it; otherwise the id derived from its hash
   */
  wireId(id: string): string {
    if (this.accepted.test(id)) return id;
    let out = '';
    for (let block = 0; out.length < this.length; block++) {
      for (const byte of createHash('sha256').update(`${block}:${id}`).digest()) {
        out += this.alphabet[byte % this.alphabet.length];
        if (out.length === this.length) break;
      }
    }
    return out;
  }
}

/** The characters of a class body such as `a-zA-Z0-9_-`; `undefined` for a negated class. */
function expandCharacterClass(body: string): string[] | undefined {
  if (body.startsWith('^')) return undefined;
  // Each atom: its characters, and whether it is an unescaped '-' (a range operator between two characters).
  const atoms: { chars: string[]; dash: boolean }[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== '\\') {
      atoms.push({ chars: [body[i]], dash: body[i] === '-' });
      continue;
    }
    const escaped = body[++i];
    atoms.push({ chars: escaped === 'd' ? range('0', '9') : escaped === 'w' ? [...WORD] : [escaped], dash: false });
  }
  const chars = new Set<string>();
  for (let i = 0; i < atoms.length; i++) {
    const [from, operator, to] = [atoms[i], atoms[i + 1], atoms[i + 2]];
    if (from.chars.length === 1 && operator?.dash && to !== undefined && to.chars.length === 1) {
      range(from.chars[0], to.chars[0]).forEach((c) => chars.add(c));
      i += 2;
    } else {
      from.chars.forEach((c) => chars.add(c));
    }
  }
  return [...chars];
}

const WORD = [...range('a', 'z'), ...range('A', 'Z'), ...range('0', '9'), '_'];

function range(from: string, to: string): string[] {
  const out: string[] = [];
  for (let code = from.charCodeAt(0); code <= to.charCodeAt(0); code++) out.push(String.fromCharCode(code));
  return out;
}
