import { DEFAULT_LRU_MAX_SESSIONS, Ordered, ToolCallingAdvisor } from '@sprout-ai/chat-client';
import { CHAT_MEMORY_CONVERSATION_ID } from '@sprout-ai/core';
import type { PropertyReader } from './property-reader';

/** Keys of the `spring.ai.chat.client.tool-search-advisor.*` group, as written in `application.properties`. */
export const TOOL_SEARCH_ADVISOR_PROPERTY_KEYS = {
  enabled: 'spring.ai.chat.client.tool-search-advisor.enabled',
  toolIndexType: 'spring.ai.chat.client.tool-search-advisor.tool-index-type',
  maxResults: 'spring.ai.chat.client.tool-search-advisor.max-results',
  systemMessageSuffix: 'spring.ai.chat.client.tool-search-advisor.system-message-suffix',
  referenceToolNameAccumulation: 'spring.ai.chat.client.tool-search-advisor.reference-tool-name-accumulation',
  sessionIdKeyName: 'spring.ai.chat.client.tool-search-advisor.session-id-key-name',
  advisorOrder: 'spring.ai.chat.client.tool-search-advisor.advisor-order',
  lruMaxSessions: 'spring.ai.chat.client.tool-search-advisor.eviction.lru-max-sessions',
  evictionTtl: 'spring.ai.chat.client.tool-search-advisor.eviction.ttl',
  minScoreThreshold: 'spring.ai.chat.client.tool-search-advisor.min-score-threshold',
} as const;

/**
 * Index types of `…tool-search-advisor.tool-index-type`: `regex` is `RegexToolIndex`; `full-text`
 * is `FullTextToolIndex` (BM25), also accepted as `lucene`, the name of Spring's ranked index;
 * `vector` is `VectorToolIndex` over the container's `EmbeddingModel`.
 */
export const TOOL_INDEX_TYPES = ['regex', 'full-text', 'lucene', 'vector'] as const;
/** A value of `…tool-search-advisor.tool-index-type`. */
export type ToolIndexType = (typeof TOOL_INDEX_TYPES)[number];

/**
 * The `spring.ai.chat.client.tool-search-advisor.*` properties, typed and validated.
 *
 * @see Spring AI `ToolSearchAdvisorProperties`
 */
export interface ToolSearchAdvisorProperties {
  /** When true, the auto-configured tool advisor is a `ToolSearchToolCallingAdvisor`. @defaultValue false */
  readonly enabled: boolean;
  /** @defaultValue `'regex'` */
  readonly toolIndexType: ToolIndexType;
  /** References per search when the model gives none; `undefined` = the index's default (10). */
  readonly maxResults: number | undefined;
  /** The trimmed text on a line of its own (`'\n' + text`); `undefined` = `DEFAULT_TOOL_SEARCH_SYSTEM_MESSAGE_SUFFIX`. */
  readonly systemMessageSuffix: string | undefined;
  /** @defaultValue true */
  readonly referenceToolNameAccumulation: boolean;
  /** @defaultValue `'chat_memory_conversation_id'` */
  readonly sessionIdKeyName: string;
  /** @defaultValue `ToolCallingAdvisor.DEFAULT_ORDER` (HIGHEST_PRECEDENCE + 300) */
  readonly advisorOrder: number;
  /** @defaultValue {@link DEFAULT_LRU_MAX_SESSIONS} (1000) */
  readonly lruMaxSessions: number;
  /** Idle time after which a session is evicted, in ms (LRU and TTL both apply then); `undefined` = LRU only. */
  readonly evictionTtlMs: number | undefined;
  /** Found tools scoring below it are not returned to the model; `undefined` = no threshold. */
  readonly minScoreThreshold: number | undefined;
}

/** What {@link bindToolSearchAdvisorProperties} gives when no key of the group is set. */
export const DEFAULT_TOOL_SEARCH_ADVISOR_PROPERTIES: ToolSearchAdvisorProperties = Object.freeze({
  enabled: false,
  toolIndexType: 'regex',
  maxResults: undefined,
  systemMessageSuffix: undefined,
  referenceToolNameAccumulation: true,
  sessionIdKeyName: CHAT_MEMORY_CONVERSATION_ID,
  advisorOrder: ToolCallingAdvisor.DEFAULT_ORDER,
  lruMaxSessions: DEFAULT_LRU_MAX_SESSIONS,
  evictionTtlMs: undefined,
  minScoreThreshold: undefined,
});

/**
 * Reads and validates the `spring.ai.chat.client.tool-search-advisor.*` group.
 *
 * @param reader - the resolved properties
 * @throws InvalidPropertyError naming the key, the value and what is allowed
 */
export function bindToolSearchAdvisorProperties(reader: PropertyReader): ToolSearchAdvisorProperties {
  const k = TOOL_SEARCH_ADVISOR_PROPERTY_KEYS;
  const d = DEFAULT_TOOL_SEARCH_ADVISOR_PROPERTIES;
  const positive = { accept: (n: number) => n >= 1, allowed: 'an integer >= 1' };
  return {
    enabled: reader.boolean(k.enabled, d.enabled),
    toolIndexType: reader.enumeration(k.toolIndexType, TOOL_INDEX_TYPES, d.toolIndexType),
    maxResults: reader.integer(k.maxResults, undefined, positive),
    systemMessageSuffix: suffixLine(reader.string(k.systemMessageSuffix)),
    referenceToolNameAccumulation: reader.boolean(k.referenceToolNameAccumulation, d.referenceToolNameAccumulation),
    sessionIdKeyName: reader.string(k.sessionIdKeyName) ?? d.sessionIdKeyName,
    advisorOrder: reader.integer(k.advisorOrder, d.advisorOrder, {
      accept: (n) => n > Ordered.HIGHEST_PRECEDENCE && n < Ordered.LOWEST_PRECEDENCE,
      allowed:
        `an integer strictly between ${Ordered.HIGHEST_PRECEDENCE} (HIGHEST_PRECEDENCE) and ` +
        `${Ordered.LOWEST_PRECEDENCE} (LOWEST_PRECEDENCE)`,
    }),
    lruMaxSessions: reader.integer(k.lruMaxSessions, d.lruMaxSessions, positive),
    evictionTtlMs: reader.durationMs(k.evictionTtl, undefined),
    minScoreThreshold: scoreThreshold(reader),
  };
}

/** Any finite number: each index has its own score scale (see `ToolSearchToolCallingAdvisorOptions.minScoreThreshold`). */
function scoreThreshold(reader: PropertyReader): number | undefined {
  const key = TOOL_SEARCH_ADVISOR_PROPERTY_KEYS.minScoreThreshold;
  const text = reader.string(key);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) {
    throw reader.invalid(
      key,
      "a number on the index's score scale, e.g. 0.4 (vector: cosine -1..1) or 2 (full-text: BM25)",
    );
  }
  return value;
}

/** A property value is trimmed, so the suffix gets the line break that keeps it apart from the system text. */
function suffixLine(text: string | undefined): string | undefined {
  return text === undefined ? undefined : `\n${text}`;
}
