import { type ToolCall } from '@sprout-ai/core';
import type { Logger } from '@sprout-ai/core/internal';

const OPEN = '<tool_call>';
const CLOSE = '</tool_call>';

/**
 * What to do with Hermes-style `<tool_call>{"name": …, "arguments": {…}}</tool_call>` markup that
 * some servers (vLLM, llama.cpp, Ollama with Qwen/Hermes templates) leave in `content`:
 * - `'strip'` — remove it from the text, so it is never shown as the answer (logged as a warning);
 * - `'parse'` — remove it and turn each block into a tool call (appended after the real calls).
 */
export type HermesToolCallMode = 'strip' | 'parse';

/**
 * Removes `<tool_call>…</tool_call>` blocks from streamed text, chunk by chunk: text that may be the
 * start of a block is held back until it is known; the rest is passed on at once. Linear in the
 * text length.
 */
export class HermesToolCallFilter {
  /** Calls parsed from blocks (mode `'parse'` only). */
  readonly toolCalls: ToolCall[] = [];
  /** Number of blocks removed. */
  blocks = 0;
  #pending = '';
  /** Where to resume looking for the closing tag inside `#pending`. */
  #closeFrom = -1;

  /**
   * @param mode - strip, or strip and parse
   * @param logger - warned about every removed block
   */
  constructor(
    private readonly mode: HermesToolCallMode,
    private readonly logger: Logger,
  ) {}

  /**
   * @param text - the next piece of content
   * @returns the text that can be shown now (may be `''`)
   */
  push(text: string): string {
    if (this.#pending === '' && !text.includes('<')) return text;
    this.#pending += text;
    let out = '';
    for (;;) {
      if (this.#closeFrom >= 0) {
        const close = this.#pending.indexOf(CLOSE, Math.max(OPEN.length, this.#closeFrom));
        if (close < 0) {
          this.#closeFrom = Math.max(OPEN.length, this.#pending.length - CLOSE.length + 1);
          return out;
        }
        this.#block(this.#pending.slice(OPEN.length, close));
        this.#pending = this.#pending.slice(close + CLOSE.length);
        this.#closeFrom = -1;
        continue;
      }
      const open = this.#pending.indexOf(OPEN);
      if (open >= 0) {
        out += this.#pending.slice(0, open);
        this.#pending = this.#pending.slice(open);
        this.#closeFrom = OPEN.length;
        continue;
      }
      const keep = partialTagLength(this.#pending);
      out += this.#pending.slice(0, this.#pending.length - keep);
      this.#pending = this.#pending.slice(this.#pending.length - keep);
      return out;
    }
  }

  /**
   * Ends the text: a held-back prefix that never became a block is released; an unclosed block is
   * dropped (it is markup, cut off).
   *
   * @returns the text still to show
   */
  flush(): string {
    const rest = this.#pending;
    this.#pending = '';
    if (this.#closeFrom >= 0) {
      this.#closeFrom = -1;
      this.blocks++;
      this.logger.warn({ markup: excerpt(rest) }, 'dropped an unclosed <tool_call> block from the model text');
      return '';
    }
    return rest;
  }

  #block(body: string): void {
    this.blocks++;
    if (this.mode === 'parse') {
      const call = parseHermesBlock(body);
      if (call) {
        this.toolCalls.push(call);
        return;
      }
      this.logger.warn(
        { markup: excerpt(body) },
        'a <tool_call> block in the model text is not {"name", "arguments"}; dropped',
      );
      return;
    }
    this.logger.warn(
      { markup: excerpt(body) },
      'removed <tool_call> markup from the model text (set hermesToolCalls: "parse" to run it as a tool call)',
    );
  }
}

/**
 * Removes (and with `'parse'`, parses) the `<tool_call>` blocks of a whole text.
 *
 * @param text - assistant content
 * @param mode - strip, or strip and parse
 * @param logger - warned about every removed block
 * @returns the text without blocks, and the parsed calls
 */
export function stripHermesToolCalls(
  text: string,
  mode: HermesToolCallMode,
  logger: Logger,
): { text: string; toolCalls: ToolCall[] } {
  if (!text.includes(OPEN)) return { text, toolCalls: [] };
  const filter = new HermesToolCallFilter(mode, logger);
  const shown = filter.push(text) + filter.flush();
  return { text: filter.blocks > 0 ? shown.trim() : shown, toolCalls: filter.toolCalls };
}

function parseHermesBlock(body: string): ToolCall | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body.trim());
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { name, arguments: args } = value as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string' || name.trim() === '') return undefined;
  return {
    id: '',
    type: 'function',
    name,
    arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
  };
}

/** Length of the longest suffix of `text` that is a proper prefix of `<tool_call>`. */
function partialTagLength(text: string): number {
  const from = Math.max(0, text.length - OPEN.length + 1);
  for (let i = from; i < text.length; i++) {
    if (text.charCodeAt(i) === 0x3c /* < */ && OPEN.startsWith(text.slice(i))) return text.length - i;
  }
  return 0;
}

function excerpt(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
