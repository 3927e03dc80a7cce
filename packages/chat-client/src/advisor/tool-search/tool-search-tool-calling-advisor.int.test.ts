import {
  CHAT_MEMORY_CONVERSATION_ID,
  ConfigurationError,
  FunctionToolCallback,
  MessageWindowChatMemory,
  type ToolCallback,
  type ToolDefinition,
} from '@sprout-ai/core';
import { OpenAiChatModel, OpenAiEmbeddingModel } from '@sprout-ai/openai';
import {
  OpenAiWireServer,
  type WireChatRequest,
  type WireEmbeddingFunction,
  type WireScriptStep,
  chatCompletion,
  wordHashEmbedding,
} from '@sprout-ai/test';
import { ChatClient } from '../../chat-client';
import { MessageChatMemoryAdvisor } from '../message-chat-memory-advisor';
import { ToolCallingAdvisor } from '../tool-calling-advisor';
import { FullTextToolIndex } from './full-text-tool-index';
import { AlwaysEvictStrategy } from './always-evict-strategy';
import { LruEvictionStrategy } from './lru-eviction-strategy';
import type { ToolSearchEvictionStrategy } from './tool-search-eviction-strategy';
import { TtlEvictionStrategy } from './ttl-eviction-strategy';
import { VectorToolIndex } from './vector-tool-index';
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
  readonly indexed: string[] = [];
  readonly cleared: string[] = [];
  readonly searched: ToolSearchResponse[] = [];
  failSearches = false;
  constructor(readonly inner: ToolIndex = new FullTextToolIndex()) {}
  async indexTools(sessionId: string, tools: readonly ToolDefinition[]): Promise<void> {
    this.indexed.push(sessionId);
    await this.inner.indexTools(sessionId, tools);
  }
  async search(request: ToolSearchRequest): Promise<ToolSearchResponse> {
    if (this.failSearches) throw new Error('index offline');
    const response = await this.inner.search(request);
    this.searched.push(response);
    return response;
  }
  async clearIndex(sessionId: string): Promise<void> {
    this.cleared.push(sessionId);
    await this.inner.clearIndex(sessionId);
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
    options: {
      memory?: 'outside' | 'inside';
      accumulate?: boolean;
      maxSessions?: number;
      eviction?: ToolSearchEvictionStrategy;
      index?: (server: OpenAiWireServer) => ToolIndex;
      minScoreThreshold?: number;
      embeddings?: WireEmbeddingFunction;
    } = {},
  ) {
    server = await OpenAiWireServer.start({ script, embeddings: options.embeddings });
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 });
    const calls: Record<string, unknown>[] = [];
    const tools = [
      deskTool('getOrderStatus', 'Status and delivery progress of an order', calls),
      deskTool('cancelOrder', 'Cancel an order that has not shipped yet', calls),
      deskTool('createReturnLabel', 'Create a return shipping label for items sent back', calls),
      deskTool('refundPayment', '为已退货的订单退款', calls),
      deskTool('getWeather', 'Current weather for a city', calls),
    ];
    const index = new CountingIndex(options.index?.(server));
    const advisorBuilder = ToolSearchToolCallingAdvisor.builder()
      .toolIndex(index)
      .evictionStrategy(options.eviction ?? new LruEvictionStrategy(options.maxSessions ?? 1000))
      .maxResults(2)
      .referenceToolNameAccumulation(options.accumulate ?? true);
    if (options.minScoreThreshold !== undefined) advisorBuilder.minScoreThreshold(options.minScoreThreshold);
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

  describe.each(PATHS)('in a parallel round on .%s()', (path) => {
    it('should run two discovered tools asked for in one response and send both results back', async () => {
      const { server, client, calls } = await setUp([
        search('order status cancel'),
        chatCompletion({
          toolCalls: [
            { name: 'getOrderStatus', arguments: { orderId: 'A1' } },
            { name: 'cancelOrder', arguments: { orderId: 'A2' } },
          ],
        }),
        chatCompletion({ content: 'A1 shipped; A2 cancelled.' }),
      ]);

      expect(await ask(client, path, 'Where is A1, and cancel A2')).toBe('A1 shipped; A2 cancelled.');

      expect(toolNames(server.requests[1])).toEqual(['toolSearchTool', 'getOrderStatus', 'cancelOrder']);
      expect(calls).toEqual(
        expect.arrayContaining([
          { tool: 'getOrderStatus', orderId: 'A1' },
          { tool: 'cancelOrder', orderId: 'A2' },
        ]),
      );
      expect(toolResults(server.requests[2]).slice(1)).toEqual(['"getOrderStatus done"', '"cancelOrder done"']);
      expect(toolNames(server.requests[2])).toEqual(['toolSearchTool', 'getOrderStatus', 'cancelOrder']);
    });
  });

  describe('with a VectorToolIndex over OpenAiEmbeddingModel', () => {
    it.each(PATHS)(
      'should embed the tools once, embed each query, and send the closest tools (.%s())',
      async (path) => {
        const { server, client, calls } = await setUp(
          [search('cancel order'), call('cancelOrder'), chatCompletion({ content: 'Cancelled.' })],
          {
            index: (wire) =>
              new VectorToolIndex({
                embeddingModel: new OpenAiEmbeddingModel({
                  baseUrl: wire.baseUrl,
                  apiKey: 'test-key',
                  dimensions: 256,
                }),
              }),
          },
        );

        expect(await ask(client, path, 'Cancel A1')).toBe('Cancelled.');

        expect(server.embeddingRequests.map((r) => r.input)).toEqual([
          [
            'get order status: Status and delivery progress of an order',
            'cancel order: Cancel an order that has not shipped yet',
            'create return label: Create a return shipping label for items sent back',
            'refund payment: 为已退货的订单退款',
            'get weather: Current weather for a city',
          ],
          ['cancel order'],
        ]);
        expect((JSON.parse(String(toolResults(server.requests[1])[0])) as string[])[0]).toBe('cancelOrder');
        expect(toolNames(server.requests[1])).toContain('cancelOrder');
        expect(calls).toEqual([{ tool: 'cancelOrder', orderId: 'A1' }]);
      },
    );

    it('should answer a search whose embeddings request fails with a tool result, and go on', async () => {
      const { server, client } = await setUp([search('cancel'), chatCompletion({ content: 'Sorry.' })], {
        index: (wire) =>
          new VectorToolIndex({
            embeddingModel: new OpenAiEmbeddingModel({ baseUrl: wire.baseUrl, apiKey: 'k', maxRetries: 0 }),
          }),
        embeddings: (texts, _request, i) =>
          i === 0 ? texts.map((t) => wordHashEmbedding(t)) : { status: 503, body: { error: { message: 'busy' } } },
      });

      expect(await ask(client, 'call', 'Cancel A1')).toBe('Sorry.');

      expect(String(toolResults(server.requests[1])[0])).toContain('tool search failed');
      expect(server.embeddingRequests).toHaveLength(2);
    });
  });

  describe('with minScoreThreshold', () => {
    it('should send the model only found tools scoring at or above it, and those without a score', async () => {
      const scored: ToolIndex = {
        indexTools: () => undefined,
        clearIndex: () => undefined,
        search: () => ({
          searchType: 'Fixed',
          toolReferences: [
            { toolName: 'cancelOrder', summary: '', relevanceScore: 0.9 },
            { toolName: 'refundPayment', summary: '' },
            { toolName: 'getOrderStatus', summary: '', relevanceScore: 0.4 },
          ],
        }),
      };
      const { server, client } = await setUp([search('cancel an order'), chatCompletion({ content: 'ok' })], {
        index: () => scored,
        minScoreThreshold: 0.5,
      });

      await ask(client, 'call', 'Cancel A1');

      expect(JSON.parse(String(toolResults(server.requests[1])[0]))).toEqual(['cancelOrder', 'refundPayment']);
      expect(toolNames(server.requests[1])).toEqual(['toolSearchTool', 'cancelOrder', 'refundPayment']);
    });

    it('should be rejected when it is not a finite number', () => {
      expect(() => ToolSearchToolCallingAdvisor.builder().minScoreThreshold(Number.NaN).build()).toThrow(
        expect.objectContaining({ setting: 'ToolSearchToolCallingAdvisor minScoreThreshold' }) as Error,
      );
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
      expect((await index.inner.search({ sessionId: 'b', query: 'order' })).toolReferences).toEqual([]);
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

    it('should index a session afresh on every request with AlwaysEvictStrategy', async () => {
      const { client, index } = await setUp([chatCompletion({ content: '1' }), chatCompletion({ content: '2' })], {
        eviction: AlwaysEvictStrategy.INSTANCE,
      });

      await ask(client, 'call', 'one');
      await ask(client, 'call', 'two');

      expect(index.indexed).toEqual(['c-1', 'c-1']);
    });

    it('should evict sessions idle for the TTL when another session starts a request', async () => {
      const clock = { now: 0 };
      const { client, index, advisorBuilder } = await setUp(
        Array.from({ length: 3 }, () => chatCompletion({ content: 'ok' })),
        { eviction: new TtlEvictionStrategy(60_000, () => clock.now) },
      );

      await ask(client, 'call', 'hi', 'a');
      clock.now = 30_000;
      await ask(client, 'call', 'hi', 'b');
      clock.now = 60_000;
      await ask(client, 'call', 'hi', 'c');

      const sessions = advisorBuilder.getToolSearchSessions();
      expect(['a', 'b', 'c'].filter((id) => sessions.isIndexed(id))).toEqual(['b', 'c']);
      expect(index.cleared).toContain('a');
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
