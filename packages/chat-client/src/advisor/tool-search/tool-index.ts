import type { ToolDefinition } from '@sprout-ai/core';

/**
 * One tool a search found: its name, the description the index kept, and its score when the
 * index ranks (higher is better; the scale is the index's own).
 *
 * @see Spring AI `ToolReference`
 */
export interface ToolReference {
  readonly toolName: string;
  readonly summary: string;
  readonly relevanceScore?: number;
}

/**
 * A search of one session's tools.
 *
 * @see Spring AI `ToolSearchRequest`
 */
export interface ToolSearchRequest {
  readonly sessionId: string;
  /** Natural language, e.g. `"cancel an order"` or `"取消订单"`. */
  readonly query: string;
  /** At most this many references; `undefined` means the index's default. */
  readonly maxResults?: number;
}

/**
 * What a search found, best first.
 *
 * @see Spring AI `ToolSearchResponse`
 */
export interface ToolSearchResponse {
  readonly toolReferences: readonly ToolReference[];
  /** The index's name, e.g. `'RegexToolIndex'`. */
  readonly searchType: string;
}

/**
 * Holds the tools of each tool-search session and finds those that fit a natural-language query.
 * Each method may answer at once or with a Promise (an embedding index needs the network).
 *
 * @remarks Departure from Spring: `indexTools` takes the tools' {@link ToolDefinition}s (name,
 * description, input schema) instead of `ToolReference`s, so an index can also search parameter
 * names and descriptions; Spring's `categoryFilter` is left out (no Spring index implements it).
 * @see Spring AI `ToolIndex`
 */
export interface ToolIndex {
  /** Adds tools to a session's index (the advisor clears the session first when its tools change). */
  indexTools(sessionId: string, tools: readonly ToolDefinition[]): void | Promise<void>;
  /** The session's tools that fit the query, best first; an unknown session finds nothing. */
  search(request: ToolSearchRequest): ToolSearchResponse | Promise<ToolSearchResponse>;
  /** Forgets a session's tools. */
  clearIndex(sessionId: string): void | Promise<void>;
}

/** The number of references a search returns when neither the model nor the advisor sets one. */
export const DEFAULT_TOOL_SEARCH_MAX_RESULTS = 10;
