import {
  ChatClient,
  FullTextToolIndex,
  type ToolIndex,
  type ToolSearchRequest,
  ToolSearchToolCallingAdvisor,
} from '@sprout-ai/chat-client';
import {
  CHAT_MEMORY_CONVERSATION_ID,
  FunctionToolCallback,
  type ToolCallback,
  type ToolDefinition,
} from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion, type WireChatRequest } from '@sprout-ai/test';
import type { P5Query } from './p5-queries';

/** Request body sizes of one conversation (one question answered with one tool), in UTF-8 bytes. */
export interface ConversationBytes {
  readonly query: string;
  /** Each model request of the turn, in order. */
  readonly allTools: readonly number[];
  readonly toolSearch: readonly number[];
}

/** What {@link measureRequestBytes} found. */
export interface RequestBytes {
  readonly conversations: readonly ConversationBytes[];
  /** How often the tool-search index built a session's index, and for how many sessions / turns. */
  readonly indexBuilds: number;
  readonly sessions: number;
  readonly turns: number;
}

const SEARCH_TOOL = 'toolSearchTool';

/** A {@link ToolIndex} that counts how often it indexes. */
class CountingToolIndex implements ToolIndex {
  builds = 0;
  constructor(private readonly inner: ToolIndex) {}
  indexTools(sessionId: string, tools: readonly ToolDefinition[]): void | Promise<void> {
    this.builds++;
    return this.inner.indexTools(sessionId, tools);
  }
  search(request: ToolSearchRequest) {
    return this.inner.search(request);
  }
  clearIndex(sessionId: string): void | Promise<void> {
    return this.inner.clearIndex(sessionId);
  }
}

/** Arguments that satisfy a tool's schema: `"x1"` for every required property. */
function argumentsFor(tool: ToolDefinition): Record<string, string> {
  const schema = JSON.parse(tool.inputSchema) as { required?: string[] };
  return Object.fromEntries((schema.required ?? []).map((name) => [name, 'x1']));
}

/**
 * Asks each query once through a ChatClient with all 1,000 tools, and once through a ChatClient
 * whose tool advisor is the `ToolSearchToolCallingAdvisor` (full-text index, 5 results per
 * search), both over HTTP (`OpenAiChatModel` → `OpenAiWireServer`), and records each request
 * body's size. The scripted model searches with the query's own words when it is offered only the
 * search tool, then calls the intended tool, then answers; with all tools it calls the tool at once.
 * One tool-search session per query; the first session gets a second turn, to show the index is
 * built once per session.
 *
 * @param catalogue - the tool definitions
 * @param queries - the questions, each with the tool to call
 */
export async function measureRequestBytes(
  catalogue: readonly ToolDefinition[],
  queries: readonly P5Query[],
): Promise<RequestBytes> {
  const byName = new Map(catalogue.map((tool) => [tool.name, tool]));
  let current: P5Query = queries[0];
  const server = await OpenAiWireServer.start({
    handler: (body: WireChatRequest) => {
      const last = body.messages.at(-1);
      const previousCall = [...body.messages].reverse().find((m) => m.role === 'assistant')?.tool_calls?.[0];
      const offered = (body.tools ?? []).map((t) => t.function.name);
      if (last?.role === 'user' && offered.length === 1 && offered[0] === SEARCH_TOOL) {
        return chatCompletion({ toolCalls: [{ name: SEARCH_TOOL, arguments: { query: current.query } }] });
      }
      if (last?.role === 'user' || previousCall?.function.name === SEARCH_TOOL) {
        const tool = byName.get(current.expected);
        if (tool === undefined) throw new Error(`P5: no tool ${current.expected} in the catalogue`);
        return chatCompletion({ toolCalls: [{ name: tool.name, arguments: argumentsFor(tool) }] });
      }
      return chatCompletion({ content: 'Done.' });
    },
  });
  try {
    const model = new OpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: 'bench',
      defaultOptions: { model: 'gpt-4o-mini' },
    });
    const callbacks: ToolCallback[] = catalogue.map((tool) =>
      FunctionToolCallback.builder(tool.name, () => ({ ok: true }))
        .description(tool.description)
        .inputSchema(tool.inputSchema)
        .build(),
    );
    const index = new CountingToolIndex(new FullTextToolIndex());
    const allTools = ChatClient.builder(model)
      .defaultTools(...callbacks)
      .build();
    const toolSearch = ChatClient.builder(model)
      .toolCallingAdvisorBuilder(ToolSearchToolCallingAdvisor.builder().toolIndex(index).maxResults(5))
      .defaultTools(...callbacks)
      .build();
    const turn = async (client: ChatClient, session: string): Promise<number[]> => {
      const before = server.recordedRequests.length;
      await client
        .prompt(current.query)
        .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, session))
        .call()
        .content();
      return server.recordedRequests.slice(before).map((r) => Buffer.byteLength(r.rawBody, 'utf8'));
    };
    const conversations: ConversationBytes[] = [];
    for (const [i, query] of queries.entries()) {
      current = query;
      conversations.push({
        query: query.query,
        allTools: await turn(allTools, `all-${i}`),
        toolSearch: await turn(toolSearch, `search-${i}`),
      });
    }
    current = queries[0];
    await turn(toolSearch, 'search-0');
    return { conversations, indexBuilds: index.builds, sessions: queries.length, turns: queries.length + 1 };
  } finally {
    await server.close();
  }
}
