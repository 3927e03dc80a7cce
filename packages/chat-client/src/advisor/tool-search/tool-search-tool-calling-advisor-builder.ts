import { ToolCallingAdvisorBuilder } from '../tool-calling-advisor-builder';
import type { ToolCallingAdvisorClass } from '../tool-calling-advisor';
import { LruEvictionStrategy } from './lru-eviction-strategy';
import { RegexToolIndex } from './regex-tool-index';
import type { ToolIndex } from './tool-index';
import type { ToolSearchEvictionStrategy } from './tool-search-eviction-strategy';
import { ToolSearchSessions } from './tool-search-sessions';
import type { ToolSearchToolCallingAdvisor } from './tool-search-tool-calling-advisor';
import type { ToolSearchToolCallingAdvisorOptions } from './tool-search-tool-calling-advisor-options';

/**
 * Collects the settings of a {@link ToolSearchToolCallingAdvisor}. The builder and its copies
 * share one {@link ToolSearchSessions} (index, fingerprints, eviction), so the advisors a ChatClient
 * builds per request reuse a session's index; setting another index or eviction strategy starts
 * a new one.
 *
 * @example
 * ```ts
 * const builder = ToolSearchToolCallingAdvisor.builder().toolIndex(new FullTextToolIndex()).maxResults(5);
 * const client = ChatClient.builder(model).toolCallingAdvisorBuilder(builder).defaultTools(...tools).build();
 * ```
 * @see Spring AI `ToolSearchToolCallingAdvisor.Builder`
 */
export class ToolSearchToolCallingAdvisorBuilder extends ToolCallingAdvisorBuilder<ToolSearchToolCallingAdvisor> {
  protected search: {
    index: ToolIndex;
    evictionStrategy: ToolSearchEvictionStrategy;
    sessions: ToolSearchSessions;
    maxResults?: number;
    minScoreThreshold?: number;
    systemMessageSuffix?: string;
    referenceToolNameAccumulation?: boolean;
    sessionIdKeyName?: string;
  };

  /** @param advisorClass - the class built, `ToolSearchToolCallingAdvisor` or a subclass */
  constructor(advisorClass: ToolCallingAdvisorClass<ToolSearchToolCallingAdvisor>) {
    super(advisorClass);
    const index = new RegexToolIndex();
    const evictionStrategy = new LruEvictionStrategy();
    this.search = { index, evictionStrategy, sessions: new ToolSearchSessions(index, evictionStrategy) };
  }

  /** Where tools are indexed and searched (default a `RegexToolIndex`); starts new sessions. */
  toolIndex(index: ToolIndex): this {
    this.search.index = index;
    this.search.sessions = new ToolSearchSessions(index, this.search.evictionStrategy);
    return this;
  }

  /** Which sessions to forget (default `new LruEvictionStrategy(1000)`); starts new sessions. */
  evictionStrategy(strategy: ToolSearchEvictionStrategy): this {
    this.search.evictionStrategy = strategy;
    this.search.sessions = new ToolSearchSessions(this.search.index, strategy);
    return this;
  }

  /** References per search when the model gives no `maxResults` (default: the index's, 10). */
  maxResults(maxResults: number): this {
    this.search.maxResults = maxResults;
    return this;
  }

  /**
   * Found tools scoring below this are not returned to the model (default: none dropped); the
   * scale is the index's (see `ToolSearchToolCallingAdvisorOptions.minScoreThreshold`).
   */
  minScoreThreshold(threshold: number): this {
    this.search.minScoreThreshold = threshold;
    return this;
  }

  /** Text appended to the system message (default `DEFAULT_TOOL_SEARCH_SYSTEM_MESSAGE_SUFFIX`). */
  systemMessageSuffix(suffix: string): this {
    this.search.systemMessageSuffix = suffix;
    return this;
  }

  /** Whether tools found by earlier searches stay available (default `true`). */
  referenceToolNameAccumulation(accumulate: boolean): this {
    this.search.referenceToolNameAccumulation = accumulate;
    return this;
  }

  /** Advisor-context key of the session id (default `chat_memory_conversation_id`). */
  sessionIdKeyName(key: string): this {
    this.search.sessionIdKeyName = key;
    return this;
  }

  /** The sessions the built advisors share; `evictSession(id)` forgets one. */
  getToolSearchSessions(): ToolSearchSessions {
    return this.search.sessions;
  }

  override copy(): this {
    const copy = super.copy();
    copy.search = { ...this.search };
    return copy;
  }

  protected override options(): ToolSearchToolCallingAdvisorOptions {
    const { sessions, maxResults, minScoreThreshold, systemMessageSuffix, referenceToolNameAccumulation } = this.search;
    return {
      ...super.options(),
      toolSearchSessions: sessions,
      maxResults,
      minScoreThreshold,
      sessionIdKeyName: this.search.sessionIdKeyName,
      systemMessageSuffix,
      referenceToolNameAccumulation,
    };
  }
}
