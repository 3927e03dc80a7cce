import { ConfigurationError, type ToolDefinition } from '@sprout-ai/core';
import MiniSearch, { type SearchOptions } from 'minisearch';
import {
  DEFAULT_TOOL_SEARCH_MAX_RESULTS,
  type ToolIndex,
  type ToolSearchRequest,
  type ToolSearchResponse,
} from './tool-index';
import { parameterText } from './parameter-text';
import { toolSearchTerms } from './tool-search-terms';

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

const SEARCH_OPTIONS: SearchOptions = {
  combineWith: 'OR',
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
 * the terms of {@link toolSearchTerms} — identifiers split at camelCase and snake_case, plurals
 * folded, Chinese/Japanese/Korean text as character pairs — plus prefix matching (`cancel` finds
 * `cancellation`) and typo tolerance for long words.
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
        tokenize: toolSearchTerms,
        processTerm: (term) => term,
        searchOptions: SEARCH_OPTIONS,
      });
      this.#sessions.set(sessionId, index);
    }
    const first = index.documentCount;
    index.addAll(
      tools.map((tool, i) => ({
        id: first + i,
        name: tool.name,
        description: tool.description,
        parameters: parameterText(tool.inputSchema),
      })),
    );
  }

  search(request: ToolSearchRequest): ToolSearchResponse {
    const index = this.#sessions.get(request.sessionId);
    const hits = index === undefined ? [] : index.search(request.query);
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
