import {
  AlwaysEvictStrategy,
  CompositeEvictionStrategy,
  LruEvictionStrategy,
  type ToolIndex,
  ToolSearchToolCallingAdvisorBuilder,
  TtlEvictionStrategy,
  VectorToolIndex,
} from '@sprout-ai/chat-client';
import { ConfigurationError, ToolSchemaRegistry } from '@sprout-ai/core';
import { OpenAiEmbeddingModel } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion, errorOf } from '@sprout-ai/test';
import { ContainerModule } from 'inversify';
import { declareToolClasses, FIXTURE_MANIFEST } from '../__fixtures__/tool-classes';
import { InvalidPropertyError } from '../properties/invalid-property-error';
import { SproutApplication, type SproutApplicationOptions } from '../sprout-application';
import { SproutTokens } from '../sprout-tokens';

const KEY = 'spring.ai.chat.client.tool-search-advisor';

/** `spring.ai.chat.client.tool-search-advisor.*` wired by ChatClientAutoConfiguration, over HTTP to the wire server. */
describe('tool search auto-configuration', () => {
  const { OrderTools } = declareToolClasses();
  const apps: SproutApplication[] = [];
  let server: OpenAiWireServer | undefined;

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await server?.close();
    server = undefined;
  });

  async function run(
    properties: Record<string, string>,
    options: SproutApplicationOptions = {},
  ): Promise<SproutApplication> {
    const app = await SproutApplication.run({
      propertiesFile: false,
      env: {},
      schemaManifest: FIXTURE_MANIFEST,
      schemaRegistry: new ToolSchemaRegistry(),
      modules: [new ContainerModule(({ bind }) => void bind(OrderTools).toSelf())],
      ...options,
      properties: { [`${KEY}.enabled`]: 'true', ...properties },
    });
    apps.push(app);
    return app;
  }

  const searchThenAnswer = [
    chatCompletion({ toolCalls: [{ name: 'toolSearchTool', arguments: { query: 'order status' } }] }),
    chatCompletion({ content: 'done' }),
  ];
  const toolResult = (wire: OpenAiWireServer) =>
    JSON.parse(String(wire.requests[1].messages.find((m) => m.role === 'tool')?.content)) as string[];
  const ask = (app: SproutApplication) =>
    app
      .chatClient()
      .prompt('status of A1')
      .advisors((a) => a.param('chat_memory_conversation_id', 'c-1'))
      .call()
      .content();

  describe('when tool-index-type=vector', () => {
    it('should search with a VectorToolIndex over the OpenAiEmbeddingModel of spring.ai.openai.embedding.*', async () => {
      server = await OpenAiWireServer.start({ script: searchThenAnswer });
      const app = await run({
        'spring.ai.openai.base-url': server.baseUrl,
        'spring.ai.openai.api-key': 'sk-shared',
        'spring.ai.openai.embedding.options.model': 'text-embedding-3-small',
        'spring.ai.openai.embedding.options.dimensions': '128',
        [`${KEY}.tool-index-type`]: 'vector',
      });

      expect(await ask(app)).toBe('done');

      expect(app.get(SproutTokens.EmbeddingModel)).toBeInstanceOf(OpenAiEmbeddingModel);
      expect(server.embeddingRequests.map(({ model, dimensions, input }) => ({ model, dimensions, input }))).toEqual([
        {
          model: 'text-embedding-3-small',
          dimensions: 128,
          input: ['get order status: Status of an order', 'cancel order: Cancel an order'],
        },
        { model: 'text-embedding-3-small', dimensions: 128, input: ['order status'] },
      ]);
      expect(toolResult(server)[0]).toBe('getOrderStatus');
      const builder = app.get(SproutTokens.ToolCallingAdvisorBuilder) as ToolSearchToolCallingAdvisorBuilder;
      expect(builder.getToolSearchSessions().index).toBeInstanceOf(VectorToolIndex);
    });

    it('should fail at start-up with an InvalidPropertyError naming the fix when no EmbeddingModel is bound', async () => {
      const error = await errorOf(
        run({ [`${KEY}.tool-index-type`]: 'vector', 'spring.ai.anthropic.api-key': 'sk-ant' }),
      );

      expect(error).toBeInstanceOf(InvalidPropertyError);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ setting: `${KEY}.tool-index-type`, value: 'vector' });
      expect((error as Error).message).toContain('SproutTokens.EmbeddingModel');
    });
  });

  describe('when the user binds a ToolIndex', () => {
    it('should search it instead of the configured one, dropping references under min-score-threshold', async () => {
      server = await OpenAiWireServer.start({ script: searchThenAnswer });
      const indexed: string[] = [];
      const userIndex: ToolIndex = {
        indexTools: (_session, tools) => void indexed.push(...tools.map((t) => t.name)),
        clearIndex: () => undefined,
        search: () => ({
          searchType: 'Mine',
          toolReferences: [
            { toolName: 'getOrderStatus', summary: '', relevanceScore: 0.8 },
            { toolName: 'cancelOrder', summary: '', relevanceScore: 0.1 },
          ],
        }),
      };
      const app = await run(
        {
          'spring.ai.openai.base-url': server.baseUrl,
          'spring.ai.openai.api-key': 'sk',
          [`${KEY}.tool-index-type`]: 'full-text',
          [`${KEY}.min-score-threshold`]: '0.5',
        },
        {
          modules: [
            new ContainerModule(({ bind }) => {
              bind(OrderTools).toSelf();
              bind(SproutTokens.ToolIndex).toConstantValue(userIndex);
            }),
          ],
        },
      );

      await ask(app);

      expect(indexed).toEqual(['getOrderStatus', 'cancelOrder']);
      expect(toolResult(server)).toEqual(['getOrderStatus']);
    });
  });

  describe('eviction', () => {
    it('should combine LRU with TTL when eviction.ttl is set (Spring duration syntax)', async () => {
      const app = await run({
        'spring.ai.openai.api-key': 'sk',
        [`${KEY}.eviction.lru-max-sessions`]: '5',
        [`${KEY}.eviction.ttl`]: '30m',
      });

      const builder = app.get(SproutTokens.ToolCallingAdvisorBuilder) as ToolSearchToolCallingAdvisorBuilder;
      const strategy = builder.getToolSearchSessions().evictionStrategy as CompositeEvictionStrategy;
      expect(strategy).toBeInstanceOf(CompositeEvictionStrategy);
      expect(strategy.strategies).toEqual([expect.any(LruEvictionStrategy), expect.any(TtlEvictionStrategy)]);
      expect((strategy.strategies[0] as LruEvictionStrategy).maxSessions).toBe(5);
      expect((strategy.strategies[1] as TtlEvictionStrategy).ttlMs).toBe(30 * 60_000);
    });

    it('should use a bound ToolSearchEvictionStrategy instead', async () => {
      const app = await run(
        { 'spring.ai.openai.api-key': 'sk', [`${KEY}.eviction.ttl`]: '30m' },
        {
          modules: [
            new ContainerModule(({ bind }) => {
              bind(SproutTokens.ToolSearchEvictionStrategy).toConstantValue(AlwaysEvictStrategy.INSTANCE);
            }),
          ],
        },
      );

      const builder = app.get(SproutTokens.ToolCallingAdvisorBuilder) as ToolSearchToolCallingAdvisorBuilder;
      expect(builder.getToolSearchSessions().evictionStrategy).toBe(AlwaysEvictStrategy.INSTANCE);
    });

    it.each([
      ['eviction.ttl', '0s'],
      ['eviction.ttl', 'soon'],
      ['min-score-threshold', 'high'],
    ])('should reject %s=%s naming the key', async (key, value) => {
      await expect(run({ [`${KEY}.${key}`]: value })).rejects.toThrow(
        expect.objectContaining({ setting: `${KEY}.${key}` }) as Error,
      );
    });
  });
});
