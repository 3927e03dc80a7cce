import type { ToolIndex } from '@sprout-ai/chat-client';
import type { P5Query } from './p5-queries';

/** How often an index ranks the intended tool first, and among its first five. */
export interface SearchAccuracy {
  readonly queries: number;
  readonly top1: number;
  readonly top5: number;
  /** The queries whose tool was not in the top 5, with what came instead. */
  readonly misses: readonly { readonly query: string; readonly expected: string; readonly got: readonly string[] }[];
}

/**
 * Searches `index` (already holding the catalogue under `sessionId`) with each query, 5 results.
 *
 * @param index - the index to measure
 * @param sessionId - where the catalogue is indexed
 * @param queries - the queries and their intended tools
 */
export async function searchAccuracy(
  index: ToolIndex,
  sessionId: string,
  queries: readonly P5Query[],
): Promise<SearchAccuracy> {
  let top1 = 0;
  let top5 = 0;
  const misses: { query: string; expected: string; got: string[] }[] = [];
  for (const { query, expected } of queries) {
    const response = await index.search({ sessionId, query, maxResults: 5 });
    const got = response.toolReferences.map((r) => r.toolName);
    if (got[0] === expected) top1++;
    if (got.includes(expected)) top5++;
    else misses.push({ query, expected, got });
  }
  return { queries: queries.length, top1, top5, misses };
}
