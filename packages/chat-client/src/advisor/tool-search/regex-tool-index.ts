import type { ToolDefinition } from '@sprout-ai/core';
import { ENGLISH_STOP_WORDS } from './english-stop-words';
import {
  DEFAULT_TOOL_SEARCH_MAX_RESULTS,
  type ToolIndex,
  type ToolReference,
  type ToolSearchRequest,
  type ToolSearchResponse,
} from './tool-index';

/** Longest alternation the query becomes; later words are dropped to fit. */
const MAX_PATTERN_CHARS = 200;
const SEPARATORS = /[\s,;:.!?()[\]{}"']+/u;

interface Entry {
  readonly name: string;
  readonly description: string;
}

/**
 * The default {@link ToolIndex}, with no dependency: the query's words (lower-cased, English stop
 * words and one-letter words dropped) become one case-insensitive alternation matched against each
 * tool's name and description. A tool scores `2` per match in its name plus `1` per match in its
 * description, with a small bonus for an early first match; tools without a match are left out.
 * A blank query matches every tool.
 *
 * Good for a few dozen tools with telling names; for ranked natural-language search (and Chinese
 * queries, which it only matches as whole phrases) use {@link FullTextToolIndex}.
 *
 * @example
 * ```ts
 * const index = new RegexToolIndex();
 * index.indexTools('s-1', [weather.toolDefinition, calculator.toolDefinition]);
 * index.search({ sessionId: 's-1', query: 'weather tools' }); // weather first
 * ```
 * @see Spring AI `RegexToolIndex`
 */
export class RegexToolIndex implements ToolIndex {
  readonly #sessions = new Map<string, Entry[]>();

  indexTools(sessionId: string, tools: readonly ToolDefinition[]): void {
    const entries = this.#sessions.get(sessionId) ?? [];
    for (const tool of tools) entries.push({ name: tool.name, description: tool.description });
    this.#sessions.set(sessionId, entries);
  }

  search(request: ToolSearchRequest): ToolSearchResponse {
    const entries = this.#sessions.get(request.sessionId) ?? [];
    const pattern = queryPattern(request.query);
    const scored: ToolReference[] = [];
    for (const entry of entries) {
      const score =
        pattern === undefined
          ? 1
          : matchScore(pattern, entry.name, 2, 1) + matchScore(pattern, entry.description, 1, 0.5);
      if (score > 0) scored.push({ toolName: entry.name, summary: entry.description, relevanceScore: score });
    }
    // Array.prototype.sort is stable: equal scores keep the order the tools were indexed in.
    scored.sort((a, b) => (b.relevanceScore ?? 0) - (a.relevanceScore ?? 0));
    return {
      toolReferences: scored.slice(0, request.maxResults ?? DEFAULT_TOOL_SEARCH_MAX_RESULTS),
      searchType: 'RegexToolIndex',
    };
  }

  clearIndex(sessionId: string): void {
    this.#sessions.delete(sessionId);
  }

  /** Number of tools indexed for a session (0 when unknown). */
  size(sessionId: string): number {
    return this.#sessions.get(sessionId)?.length ?? 0;
  }
}

/**
 * The query as a case-insensitive alternation of its telling words, e.g. `"GET the INVENTORY"`
 * → `/(get|inventory)/giu`; `undefined` for a blank query (it matches every tool).
 */
function queryPattern(query: string): RegExp | undefined {
  const words = query
    .toLowerCase()
    .split(SEPARATORS)
    .filter((w) => w !== '');
  if (words.length === 0) return undefined;
  const telling = words.filter((w) => Array.from(w).length >= 2 && !ENGLISH_STOP_WORDS.has(w));
  const chosen = [...new Set((telling.length > 0 ? telling : words).map(escapeRegExp))];
  while (chosen.length > 1 && chosen.join('|').length + 2 > MAX_PATTERN_CHARS) chosen.pop();
  return new RegExp(`(${chosen.join('|')})`, 'giu');
}

/** `perMatch` per match, plus up to `earlyBonus` the earlier the first match is; 0 without one. */
function matchScore(pattern: RegExp, text: string, perMatch: number, earlyBonus: number): number {
  let count = 0;
  let first = -1;
  for (const match of text.matchAll(pattern)) {
    if (first < 0) first = match.index;
    count += 1;
  }
  return count === 0 ? 0 : perMatch * count + earlyBonus / (1 + 0.1 * first);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
}
