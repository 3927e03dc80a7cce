import type { ToolCallingAdvisorOptions } from '../tool-calling-advisor-options';
import type { ToolIndex } from './tool-index';
import type { ToolSearchEvictionStrategy } from './tool-search-eviction-strategy';
import type { ToolSearchSessions } from './tool-search-sessions';

/** The system-prompt text the advisor appends by default, telling the model about `toolSearchTool`. */
export const DEFAULT_TOOL_SEARCH_SYSTEM_MESSAGE_SUFFIX =
  '\nYou have access to a special tool called `toolSearchTool` that allows you to discover relevant tools ' +
  "on-demand. When you need to perform an action but don't see an appropriate tool in your current " +
  'context, use `toolSearchTool` to search for it.\n';

/** Settings of a {@link ToolSearchToolCallingAdvisor}: those of the ToolCallingAdvisor, and its own. */
export interface ToolSearchToolCallingAdvisorOptions extends ToolCallingAdvisorOptions {
  /**
   * The sessions' indexes, shared by every advisor that should reuse them (a builder hands its
   * own to all advisors it builds). Takes precedence over `toolIndex` and `evictionStrategy`.
   */
  readonly toolSearchSessions?: ToolSearchSessions;
  /** Where tools are indexed and searched. @defaultValue `new RegexToolIndex()` */
  readonly toolIndex?: ToolIndex;
  /** Which sessions to forget. @defaultValue `new LruEvictionStrategy(1000)` */
  readonly evictionStrategy?: ToolSearchEvictionStrategy;
  /**
   * References per search when the model does not say; an integer ≥ 1.
   *
   * @defaultValue `undefined` (the index's default, 10)
   */
  readonly maxResults?: number;
  /**
   * Found tools whose `relevanceScore` is below this are not returned to the model; for indexes
   * that score. Each index has its own scale: `VectorToolIndex` — cosine similarity, -1 to 1
   * (0.3–0.5 is a useful floor for most embedding models); `FullTextToolIndex` — BM25 times the share
   * of the query matched, 0 and up, unbounded (a tool that fits a short query scores about 5–30,
   * one sharing a single common word about 1–3); `RegexToolIndex` — 2 per match in the name
   * plus 1 per match in the description (so any value ≤ 1 keeps every match).
   *
   * @defaultValue `undefined` (no threshold beyond the index's own)
   * @remarks Spring has the threshold on its Lucene index (`lucene.min-score-threshold`) and a fixed
   * similarity threshold on its vector index; here it is one advisor setting for every index.
   */
  readonly minScoreThreshold?: number;
  /** Appended to the first system message (one is created when there is none). @defaultValue {@link DEFAULT_TOOL_SEARCH_SYSTEM_MESSAGE_SUFFIX} */
  readonly systemMessageSuffix?: string;
  /**
   * `true`: the tools found by every `toolSearchTool` result in the conversation stay available;
   * `false`: only those of the latest search round.
   *
   * @defaultValue `true`
   */
  readonly referenceToolNameAccumulation?: boolean;
  /** Advisor-context key of the session id. @defaultValue `'chat_memory_conversation_id'` */
  readonly sessionIdKeyName?: string;
}
