import { ConfigurationError, type ToolDefinition } from '@sprout-ai/core';
import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import {
  DEFAULT_TOOL_SEARCH_MAX_RESULTS,
  type ToolIndex,
  type ToolSearchRequest,
  type ToolSearchResponse,
} from './tool-index';
import { parameterText } from './parameter-text';
import { fullTextTerms, isSingleCjkCharacter } from './full-text-terms';

interface ToolDocument {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly parameters: string;
}

/** Options of {@link FullTextToolIndex}. */
export interface FullTextToolIndexOptions {
  /**
   * Tools scoring below this are left out (BM25 scores: unbounded, higher is better; a tool that
   * shares one rare word with the query scores about 1–10).
   *
   * @defaultValue `0` (every tool that shares a term with the query)
   */
  readonly minScore?: number;
}

/** Weight of a single CJK character against a character pair or a word: a weaker hint. */
const SINGLE_CJK_CHARACTER_WEIGHT = 0.3;

const termWeight = (term: string): number => (isSingleCjkCharacter(term) ? SINGLE_CJK_CHARACTER_WEIGHT : 1);

const SEARCH_OPTIONS: SearchOptions = {
  combineWith: 'OR',
  boostTerm: termWeight,
  // A word in the name tells more than one in the description, which tells more than one in a
  // parameter's description.
  boost: { name: 3, description: 1, parameters: 0.5 },
  // "cancel" also finds "cancellation"; not for CJK pairs, which are whole terms already.
  prefix: (term) => term.length >= 4 && /^[\p{Script=Latin}\p{N}]+$/u.test(term),
  fuzzy: (term) => (term.length >= 6 && /^\p{Script=Latin}+$/u.test(term) ? 0.2 : false),
};

/**
 * A ranked {@link ToolIndex}: BM25 (the [MiniSearch](https://lucaong.github.io/minisearch/)
 * library's BM25+) over each tool's name, description and parameter names and descriptions, with
 * the terms of {@link fullTextTerms} — identifiers split at camelCase and snake_case, English
 * words stemmed (Porter2), Chinese/Japanese/Korean text as character pairs plus single characters
 * (weighed 0.3) — plus prefix matching (`cancel` finds `cancellation`) and typo tolerance for
 * long words. Field weights: a word in the name counts 3×, in the description 1×, in a parameter
 * 0.5×. Each tool's score is then multiplied by the share of the query's terms it matches
 * (Lucene's classic coord factor), so matching more of the query beats matching one word often.
 *
 * @example
 * ```ts
 * const index = new FullTextToolIndex();
 * index.indexTools('s-1', tools.map((t) => t.toolDefinition));
 * index.search({ sessionId: 's-1', query: '取消订单', maxResults: 5 });
 * ```
 * @remarks Spring's ranked index is Lucene's (`LuceneToolIndex`, StandardAnalyzer, which does not
 * split camelCase names and indexes CJK text one character at a time); this one plays its part
 * with a small JavaScript library. Spring drops hits under a 0.25 score by default; BM25 scores
 * here are on another scale, so {@link FullTextToolIndexOptions.minScore} defaults to 0.
 * @see Spring AI `LuceneToolIndex`
 */
export class FullTextToolIndex implements ToolIndex {
  readonly #sessions = new Map<string, MiniSearch<ToolDocument>>();
  readonly #minScore: number;
  /** Terms of the chunks of text seen while `indexTools` runs (synchronously); undefined otherwise. */
  #indexingMemo: Map<string, readonly string[]> | undefined;

  /**
   * @throws ConfigurationError when `minScore` is not a finite number ≥ 0
   */
  constructor(options: FullTextToolIndexOptions = {}) {
    const minScore = options.minScore ?? 0;
    if (typeof minScore !== 'number' || !Number.isFinite(minScore) || minScore < 0) {
      throw new ConfigurationError({
        setting: 'FullTextToolIndex minScore',
        value: minScore,
        allowed: 'a finite number >= 0',
        message: `FullTextToolIndex minScore must be a finite number >= 0, got ${String(minScore)}.`,
      });
    }
    this.#minScore = minScore;
  }

  indexTools(sessionId: string, tools: readonly ToolDefinition[]): void {
    let index = this.#sessions.get(sessionId);
    if (index === undefined) {
      index = new MiniSearch<ToolDocument>({
        fields: ['name', 'description', 'parameters'],
        storeFields: ['name', 'description'],
        tokenize: (text) => fullTextTerms(text, this.#indexingMemo),
        processTerm: (term) => term,
        searchOptions: { ...SEARCH_OPTIONS, tokenize: (text) => fullTextTerms(text) },
      });
      this.#sessions.set(sessionId, index);
    }
    const first = index.documentCount;
    this.#indexingMemo = new Map();
    try {
      index.addAll(
        tools.map((tool, i) => ({
          id: first + i,
          name: tool.name,
          description: tool.description,
          parameters: parameterText(tool.inputSchema),
        })),
      );
    } finally {
      this.#indexingMemo = undefined;
    }
  }

  search(request: ToolSearchRequest): ToolSearchResponse {
    const index = this.#sessions.get(request.sessionId);
    const hits = index === undefined ? [] : withCoverage(index.search(request.query), request.query);
    return {
      toolReferences: hits
        .filter((hit) => hit.score >= this.#minScore)
        .slice(0, request.maxResults ?? DEFAULT_TOOL_SEARCH_MAX_RESULTS)
        .map((hit) => ({
          toolName: String(hit.name),
          summary: String(hit.description),
          relevanceScore: hit.score,
        })),
      searchType: 'FullTextToolIndex',
    };
  }

  clearIndex(sessionId: string): void {
    this.#sessions.delete(sessionId);
  }
}

/**
 * The hits re-scored by how much of the query each matches: BM25 score × the matched share of the
 * query's terms (weighted as in the search), best first — Lucene's classic "coord" factor. A tool
 * that shares one frequent word with the query (an entity's name) then ranks below one that
 * shares two (the entity and the action), however short its description.
 */
function withCoverage(hits: readonly SearchResult[], query: string): SearchResult[] {
  const terms = new Set(fullTextTerms(query));
  let total = 0;
  for (const term of terms) total += termWeight(term);
  if (total === 0) return [...hits];
  return hits
    .map((hit) => {
      let matched = 0;
      for (const term of new Set(hit.queryTerms)) matched += termWeight(term);
      return { ...hit, score: (hit.score * matched) / total };
    })
    .sort((a, b) => b.score - a.score);
}
