import { CHAT_MEMORY_CONVERSATION_ID } from '@sprout-ai/core';
import { ChatClient, FullTextToolIndex, ToolSearchToolCallingAdvisor } from '@sprout-ai/chat-client';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, type WireChatRequest, chatCompletion } from '@sprout-ai/test';
import { fixtureConnection } from '../__fixtures__/fixture-connections';
import { McpToolCallback } from './mcp-tool-callback';
import { McpToolCallbackProvider } from './mcp-tool-callback-provider';

// One MCP server (a child process) offering a desk of 40 tools, searched with the tool-search
// advisor: the model is sent only what it found, and the tool it calls runs on the server.
jest.setTimeout(30_000);

const DESK = [
  'order',
  'invoice',
  'refund',
  'parcel',
  'coupon',
  'address',
  'account',
  'review',
  'subscription',
  'ticket',
];
const VERBS: Record<string, string> = { get: 'Show', cancel: 'Cancel', update: 'Change', list: 'List every' };

/** 40 tools: `get_order`, `cancel_order`, … `list_ticket`, each with a telling description. */
const MCP_TOOLS = DESK.flatMap((thing) =>
  Object.entries(VERBS).map(([verb, text]) => ({
    name: `${verb}_${thing}`,
    description: `${text} ${thing} of a customer`,
    inputSchema: { type: 'object' as const, properties: { id: { type: 'string', description: `The ${thing} id` } } },
  })),
);

const toolNames = (request: WireChatRequest) => (request.tools ?? []).map((t) => t.function.name);

describe(`${McpToolCallback.name} found by tool search`, () => {
  let provider: McpToolCallbackProvider | undefined;
  let server: OpenAiWireServer | undefined;

  afterEach(async () => {
    await provider?.close();
    await server?.close();
    provider = server = undefined;
  });

  it.each(['call', 'stream'] as const)(
    'should send only the MCP tools a search found, and run the one called on the server (.%s())',
    async (path) => {
      provider = await McpToolCallbackProvider.create({
        connections: [fixtureConnection('desk', { tools: MCP_TOOLS, only: true })],
      });
      server = await OpenAiWireServer.start({
        script: [
          chatCompletion({ toolCalls: [{ name: 'toolSearchTool', arguments: { query: 'cancel an order' } }] }),
          chatCompletion({ toolCalls: [{ name: 'cancel_order', arguments: { id: 'A1' } }] }),
          chatCompletion({ content: 'Cancelled.' }),
        ],
      });
      const client = ChatClient.builder(new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0 }))
        .toolCallingAdvisorBuilder(
          ToolSearchToolCallingAdvisor.builder().toolIndex(new FullTextToolIndex()).maxResults(3),
        )
        .defaultTools(provider)
        .build();
      const spec = client.prompt('Cancel order A1').advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1'));

      let answer = '';
      if (path === 'call') answer = (await spec.call().content()) ?? '';
      else for await (const piece of spec.stream().content()) answer += piece;

      expect(answer).toBe('Cancelled.');
      expect(provider.getToolCallbacks()).toHaveLength(40);
      const [first, second, third] = server.requests;
      expect(toolNames(first)).toEqual(['toolSearchTool']);
      expect(toolNames(second)[0]).toBe('toolSearchTool');
      expect(toolNames(second)).toContain('cancel_order');
      expect(toolNames(second).length).toBeLessThanOrEqual(4);
      const result = third.messages.at(-1);
      expect(result?.role).toBe('tool');
      // The fixture server echoes the tools/call params it received.
      expect(JSON.parse(String(result?.content))).toEqual({ name: 'cancel_order', arguments: { id: 'A1' } });
    },
  );
});
