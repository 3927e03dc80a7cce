import { ConfigurationError, type EmbeddingModel, type ToolDefinition } from '@sprout-ai/core';
import { cosineSimilarity } from './cosine-similarity';
import {
  DEFAULT_TOOL_SEARCH_MAX_RESULTS,
  type ToolIndex,
  type ToolReference,
  type ToolSearchRequest,
  type ToolSearchResponse,
} from './tool-index';

/** Similarity below which a tool is not found, by default (Spring's `VectorToolIndex` threshold). */
export const DEFAULT_VECTOR_TOOL_INDEX_MIN_SCORE = 0.2;

/** Options of {@link VectorToolIndex}. */
export interface VectorToolIndexOptions {
  /** Embeds the tools (once per session) and each query (once per search). */
  readonly embeddingModel: EmbeddingModel;
  /**
   * Tools whose cosine similarity to the query is below this are left out; from -1 to 1.
   *
   * @defaultValue {@link DEFAULT_VECTOR_TOOL_INDEX_MIN_SCORE} (0.2)
   */
  readonly minScore?: number;
}

interface Entry {
  readonly name: string;
  readonly description: string;
  readonly vector: readonly number[];
}

/**
 * A semantic {@link ToolIndex}: each tool is embedded once per session by an
 * {@link EmbeddingModel} and kept in memory; a query is embedded and the tools are ranked by cosine
 * similarity to it (`relevanceScore`, from -1 to 1, higher is closer). Finds tools by meaning
 * rather than shared words ("stop my parcel" → `cancelOrder`), in any language the embedding model
 * knows, at the cost of one embeddings request per search and per indexed session.
 *
 * @example
 * ```ts
 * const index = new VectorToolIndex({ embeddingModel: new OpenAiEmbeddingModel({ apiKey }) });
 * ToolSearchToolCallingAdvisor.builder().toolIndex(index);
 * ```
 * @remarks Departures from Spring: Spring's index writes to a `VectorStore` and embeds the
 * description only; this one keeps the vectors itself (an in-memory store, per session) and embeds
 * the name's words with the description (`cancelOrder: Cancel an order…` → `cancel order: Cancel an
 * order…`), which helps tools with short descriptions. A blank query finds nothing (no request).
 * @see Spring AI `VectorToolIndex`
 */
export class VectorToolIndex implements ToolIndex {
  readonly #embeddingModel: EmbeddingModel;
  readonly #minScore: number;
  readonly #sessions = new Map<string, Entry[]>();
  /** Indexings under way per session; `clearIndex` drops the session's, so their result is not added. */
  readonly #pending = new Map<string, Set<symbol>>();

  /**
   * @throws ConfigurationError when `embeddingModel` has no `embed` function or `minScore` is not a number from -1 to 1
   */
  constructor(options: VectorToolIndexOptions) {
    const { embeddingModel, minScore = DEFAULT_VECTOR_TOOL_INDEX_MIN_SCORE } = options;
    if (typeof embeddingModel?.embed !== 'function') {
      throw new ConfigurationError({
        setting: 'VectorToolIndex embeddingModel',
        value: embeddingModel,
        allowed: 'an EmbeddingModel',
        message: 'VectorToolIndex needs an embeddingModel (an EmbeddingModel, e.g. an OpenAiEmbeddingModel).',
      });
    }
    if (typeof minScore !== 'number' || !(minScore >= -1 && minScore <= 1)) {
      throw new ConfigurationError({
        setting: 'VectorToolIndex minScore',
        value: minScore,
        allowed: 'a number from -1 to 1',
        message: `VectorToolIndex minScore must be a number from -1 to 1 (a cosine similarity), got ${String(minScore)}.`,
      });
    }
    this.#embeddingModel = embeddingModel;
    this.#minScore = minScore;
  }

  /**
   * Embeds the tools in one request and adds them to the session.
   *
   * @throws what the embedding model throws, or an Error when it answers with another number of
   *   vectors than texts (nothing is added then)
   */
  async indexTools(sessionId: string, tools: readonly ToolDefinition[]): Promise<void> {
    if (tools.length === 0) return;
    const token = Symbol(sessionId);
    const pending = this.#pending.get(sessionId) ?? new Set<symbol>();
    this.#pending.set(sessionId, pending.add(token));
    let vectors: number[][];
    let cleared: boolean;
    try {
      vectors = await this.#embeddingModel.embed(tools.map(embeddingText));
      cleared = this.#pending.get(sessionId) !== pending;
    } finally {
      pending.delete(token);
      if (pending.size === 0 && this.#pending.get(sessionId) === pending) this.#pending.delete(sessionId);
    }
    if (cleared) return;
    if (vectors.length !== tools.length) {
      throw new Error(`VectorToolIndex asked for ${tools.length} embeddings and got ${vectors.length}.`);
    }
    const entries = this.#sessions.get(sessionId) ?? [];
    tools.forEach((tool, i) => entries.push({ name: tool.name, description: tool.description, vector: vectors[i] }));
    this.#sessions.set(sessionId, entries);
  }

  /**
   * The session's tools closest in meaning to the query, best first, at or above `minScore`.
   *
   * @throws what the embedding model throws (the advisor's `toolSearchTool` turns it into a tool result)
   */
  async search(request: ToolSearchRequest): Promise<ToolSearchResponse> {
    const entries = this.#sessions.get(request.sessionId) ?? [];
    if (entries.length === 0 || request.query.trim() === '')
      return { toolReferences: [], searchType: 'VectorToolIndex' };
    const [query] = await this.#embeddingModel.embed([request.query]);
    const scored: ToolReference[] = [];
    for (const entry of entries) {
      const score = cosineSimilarity(query, entry.vector);
      if (score >= this.#minScore)
        scored.push({ toolName: entry.name, summary: entry.description, relevanceScore: score });
    }
    // Array.prototype.sort is stable: equal scores keep the order the tools were indexed in.
    scored.sort((a, b) => (b.relevanceScore ?? 0) - (a.relevanceScore ?? 0));
    return {
      toolReferences: scored.slice(0, request.maxResults ?? DEFAULT_TOOL_SEARCH_MAX_RESULTS),
      searchType: 'VectorToolIndex',
    };
  }

  clearIndex(sessionId: string): void {
    this.#sessions.delete(sessionId);
    this.#pending.delete(sessionId);
  }
}

/** The name's words, then the description: `cancel_order` / `cancelOrder` → `cancel order: …`. */
function embeddingText(tool: ToolDefinition): string {
  const words = tool.name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/[_\-.]+/gu, ' ')
    .toLowerCase()
    .trim();
  return tool.description.trim() === '' ? words || tool.name : `${words || tool.name}: ${tool.description}`;
}
