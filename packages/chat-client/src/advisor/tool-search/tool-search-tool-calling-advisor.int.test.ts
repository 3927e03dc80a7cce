import {
  CHAT_MEMORY_CONVERSATION_ID,
  ConfigurationError,
  FunctionToolCallback,
  MessageWindowChatMemory,
  type ToolCallback,
  type ToolDefinition,
} from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, type WireChatRequest, type WireScriptStep, chatCompletion } from '@sprout-ai/test';
import { ChatClient } from '../../chat-client';
import { MessageChatMemoryAdvisor } from '../message-chat-memory-advisor';
import { ToolCallingAdvisor } from '../tool-calling-advisor';
import { FullTextToolIndex } from './full-text-tool-index';
import { LruEvictionStrategy } from './lru-eviction-strategy';
import { MissingToolSearchSessionIdError } from './missing-tool-search-session-id-error';
import type { ToolIndex, ToolSearchRequest, ToolSearchResponse } from './tool-index';
import { DEFAULT_TOOL_SEARCH_SYSTEM_MESSAGE_SUFFIX } from './tool-search-tool-calling-advisor-options';
import { ToolSearchToolCallingAdvisor } from './tool-search-tool-calling-advisor';

type Path = 'call' | 'stream';
const PATHS: readonly Path[] = ['call', 'stream'];

/** A tool of the desk that records the arguments it was called with. */
function deskTool(name: string, description: string, calls: Record<string, unknown>[]): ToolCallback {
  return FunctionToolCallback.builder<Record<string, unknown>, string>(name, (input) => {
    calls.push({ tool: name, ...input });
    return `${name} done`;
  })
    .description(description)
    .inputSchema({ type: 'object', properties: { orderId: { type: 'string', description: 'The order number' } } })
    .build();
}

/** A FullTextToolIndex that counts what the advisor asks of it, and can be made to fail searches. */
class CountingIndex implements ToolIndex {
  readonly inner = new FullTextToolIndex();
  readonly indexed: string[] = [];
  readonly cleared: string[] = [];
  failSearches = false;
  indexTools(sessionId: string, tools: readonly ToolDefinition[]): void {
    this.indexed.push(sessionId);
    this.inner.indexTools(sessionId, tools);
  }
  search(request: ToolSearchRequest): ToolSearchResponse {
    if (this.failSearches) throw new Error('index offline');
    return this.inner.search(request);
  }
  clearIndex(sessionId: string): void {
    this.cleared.push(sessionId);
    this.inner.clearIndex(sessionId);
  }
}

const toolNames = (request: WireChatRequest) => (request.tools ?? []).map((t) => t.function.name);
const toolResults = (request: WireChatRequest) =>
  request.messages.filter((m) => m.role === 'tool').map((m) => m.content);
const search = (query: string) => chatCompletion({ toolCalls: [{ name: 'toolSearchTool', arguments: { query } }] });
const call = (name: string, orderId = 'A1') => chatCompletion({ toolCalls: [{ name, arguments: { orderId } }] });

describe(ToolSearchToolCallingAdvisor, () => {
  let server: OpenAiWireServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function setUp(
    script: WireScriptStep[],
    options: { memory?: 'outside' | 'inside'; accumulate?: boolean; maxSessions?: number } = {},
  ) {
    server = await OpenAiWireServer.start({ script });
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 });
    const calls: Record<string, unknown>[] = [];
    const tools = [
      deskTool('getOrderStatus', 'Status and delivery progress of an order', calls),
      deskTool('cancelOrder', 'Cancel an order that has not shipped yet', calls),
      deskTool('createReturnLabel', 'Create a return shipping label for items sent back', calls),
      deskTool('refundPayment', '为已退货的订单退款', calls),
      deskTool('getWeather', 'Current weather for a city', calls),
    ];
    const index = new CountingIndex();
    const advisorBuilder = ToolSearchToolCallingAdvisor.builder()
      .toolIndex(index)
      .evictionStrategy(new LruEvictionStrategy(options.maxSessions ?? 1000))
      .maxResults(2)
      .referenceToolNameAccumulation(options.accumulate ?? true);
    let builder = ChatClient.builder(model)
      .toolCallingAdvisorBuilder(advisorBuilder)
      .defaultSystem('You are the order desk.')
      .defaultTools(...tools);
    if (options.memory !== undefined) {
      const memory = MessageChatMemoryAdvisor.builder(MessageWindowChatMemory.builder().build());
      if (options.memory === 'inside') memory.order(ToolCallingAdvisor.DEFAULT_ORDER + 1);
      builder = builder.defaultAdvisors(memory.build());
    }
    return { server, client: builder.build(), calls, index, advisorBuilder };
  }

  async function ask(client: ChatClient, path: Path, text: string, session: string | null = 'c-1') {
    const spec =
      session === null
        ? client.prompt(text)
        : client.prompt(text).advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, session));
    if (path === 'call') return spec.call().content();
    let answer = '';
    for await (const piece of spec.stream().content()) answer += piece;
    return answer;
  }

  describe.each(PATHS)('on .%s()', (path) => {
    it('should send only toolSearchTool first, then it and the tools the search found', async () => {
      const { server, client, calls } = await setUp([
        search('cancel an order'),
        call('cancelOrder'),
        chatCompletion({ content: 'Order A1 is cancelled.' }),
      ]);

      expect(await ask(client, path, 'Please cancel A1')).toBe('Order A1 is cancelled.');

      const [first, second, third] = server.requests;
      expect(toolNames(first)).toEqual(['toolSearchTool']);
      expect(first.messages[0]).toMatchObject({
        role: 'system',
        content: `You are the order desk.${DEFAULT_TOOL_SEARCH_SYSTEM_MESSAGE_SUFFIX}`,
      });
      expect(JSON.parse(String(toolResults(second)[0]))).toEqual(['cancelOrder', 'getOrderStatus']);
      expect(toolNames(second)).toEqual(['toolSearchTool', 'getOrderStatus', 'cancelOrder']);
      expect(toolNames(third)).toEqual(toolNames(second));
      expect(calls).toEqual([{ tool: 'cancelOrder', orderId: 'A1' }]);
    });

    it('should find a tool described in Chinese from a Chinese query', async () => {
      const { server, client } = await setUp([search('我要退款'), chatCompletion({ content: '好的' })]);

      await ask(client, path, '帮我退款');

      expect(toolNames(server.requests[1])).toContain('refundPayment');
    });

    it('should answer a search that finds nothing with [] and go on', async () => {
      const { server, client } = await setUp([search('zzzz qqqq'), chatCompletion({ content: 'No such tool.' })]);

      expect(await ask(client, path, 'Do the impossible')).toBe('No such tool.');

      expect(toolResults(server.requests[1])).toEqual(['[]']);
      expect(toolNames(server.requests[1])).toEqual(['toolSearchTool']);
    });

    it('should answer a failing search with a tool result, not abort the turn', async () => {
      const { server, client, index } = await setUp([search('cancel'), chatCompletion({ content: 'Sorry.' })]);
      index.failSearches = true;

      expect(await ask(client, path, 'Cancel A1')).toBe('Sorry.');

      expect(String(toolResults(server.requests[1])[0])).toContain('tool search failed');
      expect(toolNames(server.requests[1])).toEqual(['toolSearchTool']);
    });

    it('should execute a tool of the request the model calls before discovering it', async () => {
      const { server, client, calls } = await setUp([call('getOrderStatus'), chatCompletion({ content: 'Shipped.' })]);

      expect(await ask(client, path, 'Where is A1?')).toBe('Shipped.');

      expect(calls).toEqual([{ tool: 'getOrderStatus', orderId: 'A1' }]);
      expect(toolResults(server.requests[1])).toEqual(['"getOrderStatus done"']);
      expect(toolNames(server.requests[1])).toEqual(['toolSearchTool']);
    });

    it('should answer a call of a name outside the request tools as an unknown tool', async () => {
      const { server, client, calls } = await setUp([call('deleteDatabase'), chatCompletion({ content: 'No.' })]);

      expect(await ask(client, path, 'Drop it')).toBe('No.');

      expect(calls).toEqual([]);
      expect(String(toolResults(server.requests[1])[0])).toContain('deleteDatabase');
    });

    it('should fail with MissingToolSearchSessionIdError and send nothing when the request has no session id', async () => {
      const { server, client } = await setUp([chatCompletion({ content: 'never' })]);

      await expect(ask(client, path, 'Hi', null)).rejects.toThrow(MissingToolSearchSessionIdError);

      expect(server.requests).toHaveLength(0);
    });
  });

  describe.each(['outside', 'inside'] as const)('with chat memory %s the loop', (memory) => {
    it.each(PATHS)(
      'should send the tools discovered in turn 1 with the first request of turn 2 (.%s())',
      async (path) => {
        const { server, client, calls, index } = await setUp(
          [
            search('order status'),
            call('getOrderStatus'),
            chatCompletion({ content: 'A1 has shipped.' }),
            call('cancelOrder', 'A2'),
            chatCompletion({ content: 'A2 is cancelled.' }),
          ],
          { memory },
        );

        await ask(client, path, 'Where is A1?');
        expect(await ask(client, path, 'Cancel A2 then')).toBe('A2 is cancelled.');

        const turn2 = server.requests[3];
        expect(turn2.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
          'Where is A1?',
          'Cancel A2 then',
        ]);
        expect(toolNames(turn2)).toEqual(['toolSearchTool', 'getOrderStatus', 'cancelOrder']);
        expect(calls).toEqual([
          { tool: 'getOrderStatus', orderId: 'A1' },
          { tool: 'cancelOrder', orderId: 'A2' },
        ]);
        // Same session, same tools: indexed once for both turns.
        expect(index.indexed).toEqual(['c-1']);
      },
    );
  });

  describe('with referenceToolNameAccumulation false', () => {
    it('should send only the tools of the latest search', async () => {
      const { server, client } = await setUp(
        [search('weather'), search('return label'), chatCompletion({ content: 'ok' })],
        { accumulate: false },
      );

      await ask(client, 'call', 'Weather, then a return label');

      expect(toolNames(server.requests[1])).toEqual(['toolSearchTool', 'getWeather']);
      expect(toolNames(server.requests[2])).toEqual(['toolSearchTool', 'createReturnLabel']);
    });
  });

  describe('sessions', () => {
    it('should index a session once while its tool set stays the same, and again when it changes', async () => {
      const { client, index } = await setUp([
        chatCompletion({ content: '1' }),
        chatCompletion({ content: '2' }),
        chatCompletion({ content: '3' }),
      ]);

      await ask(client, 'call', 'one');
      await ask(client, 'call', 'two');
      await client
        .prompt('three')
        .tools(deskTool('trackParcel', 'Where a parcel is now', []))
        .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1'))
        .call()
        .content();

      expect(index.indexed).toEqual(['c-1', 'c-1']);
    });

    it('should evict the least recently used session beyond lru max sessions', async () => {
      const { client, index, advisorBuilder } = await setUp(
        Array.from({ length: 4 }, () => chatCompletion({ content: 'ok' })),
        { maxSessions: 2 },
      );

      await ask(client, 'call', 'hi', 'a');
      await ask(client, 'call', 'hi', 'b');
      await ask(client, 'call', 'hi', 'a');
      await ask(client, 'call', 'hi', 'c');

      const sessions = advisorBuilder.getToolSearchSessions();
      expect(['a', 'b', 'c'].filter((id) => sessions.isIndexed(id))).toEqual(['a', 'c']);
      expect(index.indexed).toEqual(['a', 'b', 'c']);
      expect(index.inner.search({ sessionId: 'b', query: 'order' }).toolReferences).toEqual([]);
    });

    it('should forget a session on evictSession and index it again on its next request', async () => {
      const { client, index, advisorBuilder } = await setUp([
        chatCompletion({ content: '1' }),
        chatCompletion({ content: '2' }),
      ]);

      await ask(client, 'call', 'one');
      await advisorBuilder.build().evictSession('c-1');
      await ask(client, 'call', 'two');

      expect(index.indexed).toEqual(['c-1', 'c-1']);
    });

    it('should take the session id from another context key when told to', async () => {
      const { server, client } = await setUp([chatCompletion({ content: 'ok' })]);
      const tenantClient = client
        .mutate()
        .toolCallingAdvisorBuilder(ToolSearchToolCallingAdvisor.builder().sessionIdKeyName('tenantId'))
        .build();

      await tenantClient
        .prompt('hi')
        .advisors((a) => a.param('tenantId', 't-9'))
        .call()
        .content();

      expect(toolNames(server.requests[0])).toEqual(['toolSearchTool']);
    });
  });

  describe('constructor', () => {
    it.each([
      ['maxResults', { maxResults: 0 }],
      ['systemMessageSuffix', { systemMessageSuffix: '  ' }],
      ['referenceToolNameAccumulation', { referenceToolNameAccumulation: 'yes' }],
      ['sessionIdKeyName', { sessionIdKeyName: '' }],
    ])('should reject a bad %s with a ConfigurationError naming it', (setting, options) => {
      expect(() => new ToolSearchToolCallingAdvisor(options as never)).toThrow(
        expect.objectContaining({ setting: `ToolSearchToolCallingAdvisor ${setting}` }) as Error,
      );
      expect(() => new ToolSearchToolCallingAdvisor(options as never)).toThrow(ConfigurationError);
    });
  });
});
