import { FunctionToolCallback, type ToolCallback } from '@sprout-ai/core';
import { createLogger } from '@sprout-ai/core/internal';
import type { ToolIndex } from './tool-index';

/** Name of the built-in search tool, as the model sees it. */
export const TOOL_SEARCH_TOOL_NAME = 'toolSearchTool';
/** Tool-context key under which the advisor passes the session id to the search tool. */
export const TOOL_SEARCH_SESSION_ID_KEY = 'toolSearchToolSessionId';
/** Most references one search returns, whatever the model asks for. */
const MAX_RESULTS_CAP = 50;

const logger = createLogger('ToolSearchToolCallingAdvisor');

const DESCRIPTION =
  'Search for tools in the tool registry to discover capabilities for completing the current task. ' +
  'Use this when you need functionality not provided by your currently available tools. ' +
  'The search matches tool names, descriptions and parameter descriptions. ' +
  'Returns the names of matching tools; their full definitions become available to call in your next step.';

const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description:
        'What the tool you need should do, in natural language; be specific and include keywords (e.g. "cancel an order").',
    },
    maxResults: { type: 'integer', description: 'Maximum number of tool names to return.' },
  },
  required: ['query'],
  additionalProperties: false,
};

/**
 * The `toolSearchTool` a {@link ToolSearchToolCallingAdvisor} sends the model: it searches the
 * session's index and answers with the names found, best first, as a JSON array of strings
 * (`["getOrderStatus","cancelOrder"]`; `[]` when nothing fits).
 *
 * A search that fails (the index throws, or the session id is missing from the tool context) is
 * answered with a sentence saying so, so the model can go on; it never aborts the turn.
 *
 * @param index - the index to search
 * @param maxResults - used when the model gives no `maxResults`; `undefined` = the index's default
 * @param minScoreThreshold - references with a `relevanceScore` below it are left out (those
 *   without a score are kept); `undefined` keeps all
 * @see Spring AI `ToolSearchTool`
 */
export function toolSearchTool(
  index: ToolIndex,
  maxResults: number | undefined,
  minScoreThreshold?: number,
): ToolCallback {
  return FunctionToolCallback.builder<{ query: string; maxResults?: number }>(
    TOOL_SEARCH_TOOL_NAME,
    async (input, toolContext) => {
      const sessionId = toolContext.get(TOOL_SEARCH_SESSION_ID_KEY);
      if (typeof sessionId !== 'string') {
        return 'The tool search is not available in this conversation; answer without other tools.';
      }
      const limit =
        Number.isInteger(input.maxResults) && (input.maxResults ?? 0) >= 1
          ? Math.min(input.maxResults ?? 0, MAX_RESULTS_CAP)
          : maxResults;
      try {
        const response = await index.search({ sessionId, query: input.query, maxResults: limit });
        // References come best first, so dropping low scores after the index's cut keeps the best ones.
        return response.toolReferences
          .filter((r) => minScoreThreshold === undefined || (r.relevanceScore ?? Infinity) >= minScoreThreshold)
          .map((r) => r.toolName);
      } catch (error) {
        logger.warn({ sessionId, error: error instanceof Error ? error.message : String(error) }, 'tool search failed');
        return 'The tool search failed. Try again, perhaps with other words, or answer without other tools.';
      }
    },
  )
    .description(DESCRIPTION)
    .inputSchema(INPUT_SCHEMA)
    .build();
}
