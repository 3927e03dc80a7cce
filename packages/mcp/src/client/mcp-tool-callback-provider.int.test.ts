import { ChatClient } from '@sprout-ai/chat-client';
import {
  ConfigurationError,
  DefaultToolCallingManager,
  DuplicateToolNameError,
  FunctionToolCallback,
  Prompt,
  type ToolCallingChatOptions,
} from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { chatCompletion, errorOf, OpenAiWireServer, type WireChatRequest } from '@sprout-ai/test';
import { loadCase } from '../__fixtures__/cases';
import { everythingConnection, fixtureConnection } from '../__fixtures__/fixture-connections';
import { openAiLike } from '../__fixtures__/openai-like-handler';
import { McpToolCallbackProvider } from './mcp-tool-callback-provider';
import { McpToolNamePrefixGenerators } from './mcp-tool-name-prefix-generator';
import { McpToolsNotListedError } from './mcp-tools-not-listed-error';
import { PROVIDER_SAFE_TOOL_NAME } from './mcp-tool-names';

// Spawns real servers; generous for a loaded 2-CPU CI machine (speed is not asserted).
jest.setTimeout(30_000);

function modelFor(server: OpenAiWireServer): OpenAiChatModel {
  return new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 });
}

function toolMessages(request: WireChatRequest): unknown[] {
  return request.messages
    .filter((m) => (m as { role?: string }).role === 'tool')
    .map((m) => (m as { content?: unknown }).content);
}

describe(McpToolCallbackProvider, () => {
  let provider: McpToolCallbackProvider | undefined;
  let wire: OpenAiWireServer | undefined;

  afterEach(async () => {
    await provider?.close();
    await wire?.close();
    provider = undefined;
    wire = undefined;
  });

  describe('with @modelcontextprotocol/server-everything over stdio', () => {
    it('should list its tools, leaving out the one that requires task augmentation', async () => {
      provider = await McpToolCallbackProvider.create({ connections: [everythingConnection()] });

      const names = provider.getToolCallbacks().map((c) => c.toolDefinition.name);

      expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-env', 'get-tiny-image']));
      expect(names).not.toContain('simulate-research-query');
      for (const callback of provider.getToolCallbacks()) {
        const schema = JSON.parse(callback.toolDefinition.inputSchema) as Record<string, unknown>;
        expect(schema).toMatchObject({ type: 'object', properties: expect.any(Object), required: expect.any(Array) });
        expect(schema).not.toHaveProperty('$schema');
      }
    });

    it('should apply the filter by connection, name and description', async () => {
      provider = await McpToolCallbackProvider.create({
        connections: [everythingConnection()],
        toolFilter: (info, tool) =>
          info.connectionName === 'everything' && /sum|echo/i.test(`${tool.name} ${tool.description ?? ''}`),
      });
      expect(
        provider
          .getToolCallbacks()
          .map((c) => c.toolDefinition.name)
          .sort(),
      ).toEqual(['echo', 'get-sum']);
    });

    it('should run its tools through ChatClient while the model plays over HTTP', async () => {
      wire = await OpenAiWireServer.start({
        handler: openAiLike((body, index) =>
          index === 0
            ? chatCompletion({
                toolCalls: [
                  { id: 'c1', name: 'get-sum', arguments: { a: 2, b: 3 } },
                  { id: 'c2', name: 'echo', arguments: {} },
                ],
              })
            : chatCompletion({ content: `done: ${JSON.stringify(toolMessages(body))}` }),
        ),
      });
      provider = await McpToolCallbackProvider.create({
        connections: [everythingConnection()],
        toolFilter: (_info, tool) => ['get-sum', 'echo'].includes(tool.name),
      });

      const answer = await ChatClient.create(modelFor(wire)).prompt('What is 2 + 3?').tools(provider).call().content();

      expect(wire.requests[0].tools?.map((t) => t.function.name).sort()).toEqual(['echo', 'get-sum']);
      const [sum, echo] = toolMessages(wire.requests[1]);
      expect(sum).toBe('The sum of 2 and 3 is 5.');
      expect(echo).toMatch(/Invalid arguments for tool 'echo'.*message/);
      expect(answer).toContain('The sum of 2 and 3 is 5.');
    });

    describe('when a local tool has the same name as an MCP tool', () => {
      const localEcho = FunctionToolCallback.builder('echo', () => 'local')
        .description('Local echo')
        .build();

      it('should fail on the ChatClient path, naming both sources', async () => {
        provider = await McpToolCallbackProvider.create({ connections: [everythingConnection()] });
        const client = ChatClient.builder({ call: () => Promise.reject(new Error('not called')) })
          .defaultTools(localEcho)
          .build();

        const error = await errorOf(client.prompt('hi').tools(provider).call().content(), DuplicateToolNameError);

        expect(error.message).toContain('FunctionToolCallback(echo)');
        expect(error.message).toContain("MCP tool 'echo' of connection 'everything'");
      });

      it('should fail when a ChatModel is driven directly, naming both sources', async () => {
        provider = await McpToolCallbackProvider.create({ connections: [everythingConnection()] });
        wire = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'never' })] });
        const options: ToolCallingChatOptions = { toolCallbacks: [localEcho, ...provider.getToolCallbacks()] };
        const direct = new OpenAiChatModel({
          baseUrl: wire.baseUrl,
          apiKey: 'k',
          maxRetries: 0,
          toolCallingManager: DefaultToolCallingManager.builder().build(),
        });

        for (const model of [direct, modelFor(wire)]) {
          const error = await errorOf(model.call(new Prompt('hi', options)), DuplicateToolNameError);
          expect(error.message).toContain("MCP tool 'echo' of connection 'everything'");
        }
        expect(wire.requests).toHaveLength(0);
      });
    });
  });

  describe('with two servers listing the same tool names', () => {
    it('should prefix the duplicates with the connection name and call the right server', async () => {
      provider = await McpToolCallbackProvider.create({
        connections: [
          fixtureConnection('alpha'),
          fixtureConnection('beta', { tools: [{ name: 'only-beta', inputSchema: { type: 'object' } }] }),
        ],
      });
      const callbacks = provider.getToolCallbacks();
      const names = callbacks.map((c) => c.toolDefinition.name);

      expect(names).toEqual(expect.arrayContaining(['alpha_echo-params', 'beta_echo-params', 'only-beta']));
      const beta = callbacks.find((c) => c.toolDefinition.name === 'beta_echo-params');
      expect(JSON.parse((await beta?.call('{"text":"x"}')) ?? '')).toEqual({
        name: 'echo-params',
        arguments: { text: 'x' },
      });
    });
  });

  describe('with a tool-name prefix generator', () => {
    const onlyTools = (name: string) => fixtureConnection(name, { only: true, tools: [{ name: `${name}.search` }] });

    it('should name the tools with noPrefix() by their own provider-safe names', async () => {
      provider = await McpToolCallbackProvider.create({
        connections: [onlyTools('github'), onlyTools('jira')],
        toolNamePrefixGenerator: McpToolNamePrefixGenerators.noPrefix(),
      });

      expect(provider.getToolCallbacks().map((c) => c.toolDefinition.name)).toEqual(['github_search', 'jira_search']);
    });

    it('should fail with DuplicateToolNameError when noPrefix() gives two tools one name', async () => {
      const same = (name: string) => fixtureConnection(name, { only: true, tools: [{ name: 'search' }] });
      const error = await McpToolCallbackProvider.create({
        connections: [same('github'), same('jira')],
        toolNamePrefixGenerator: McpToolNamePrefixGenerators.noPrefix(),
      }).catch((thrown: unknown) => thrown);

      expect(DuplicateToolNameError.isInstance(error)).toBe(true);
    });

    it('should use a custom generator and still call each tool under its own name', async () => {
      provider = McpToolCallbackProvider.builder()
        .connections(fixtureConnection('alpha', { only: true, tools: [{ name: 'echo-params' }] }))
        .toolNamePrefixGenerator(McpToolNamePrefixGenerators.perTool((c, tool) => `${c.connectionName}__${tool.name}`))
        .build();
      const [callback] = await provider.refresh();

      expect(callback.toolDefinition.name).toBe('alpha__echo-params');
      expect(JSON.parse(await callback.call('{"text":"x"}'))).toEqual({
        name: 'echo-params',
        arguments: { text: 'x' },
      });
    });
  });

  describe('with tools that carry MCP annotations', () => {
    it("should put them in each tool's ToolMetadata beside the execution rules", async () => {
      const annotations = { title: 'Drop table', readOnlyHint: false, destructiveHint: true, idempotentHint: true };
      provider = await McpToolCallbackProvider.create({
        connections: [
          fixtureConnection('db', { only: true, tools: [{ name: 'drop', annotations }, { name: 'plain' }] }),
        ],
        toolMetadata: () => ({ timeoutMs: 5_000 }),
      });
      const [drop, plain] = provider.getToolCallbacks();

      expect(drop.toolMetadata).toEqual({ returnDirect: false, timeoutMs: 5_000, annotations });
      expect(plain.toolMetadata).toEqual({ returnDirect: false, timeoutMs: 5_000 });
    });
  });

  describe('.addMcpClient', () => {
    it('should add a server to the running provider and offer its tools, prefixed where names clash', async () => {
      provider = await McpToolCallbackProvider.create({
        connections: [fixtureConnection('alpha', { only: true, tools: [{ name: 'echo-params' }] })],
      });
      expect(provider.getToolCallbacks().map((c) => c.toolDefinition.name)).toEqual(['echo-params']);

      await provider.addMcpClient(fixtureConnection('beta', { only: true, tools: [{ name: 'echo-params' }] }));

      expect(provider.connections.map((c) => c.name)).toEqual(['alpha', 'beta']);
      expect(provider.getToolCallbacks().map((c) => c.toolDefinition.name)).toEqual([
        'alpha_echo-params',
        'beta_echo-params',
      ]);
    });

    it('should refuse a connection whose name is taken', async () => {
      provider = await McpToolCallbackProvider.create({ connections: [fixtureConnection('alpha', { only: true })] });
      const second = fixtureConnection('alpha', { only: true });

      await expect(provider.addMcpClient(second)).rejects.toThrow(ConfigurationError);
      expect(provider.connections).toHaveLength(1);
    });
  });

  describe('when a server lists tools without properties or type (01-schema-without-properties)', () => {
    it('should send valid schemas that an OpenAI-like server accepts, next to an ordinary tool', async () => {
      const { tools_list: tools = [] } = loadCase('01-schema-without-properties');
      wire = await OpenAiWireServer.start({
        handler: openAiLike((_body, index) =>
          index === 0
            ? chatCompletion({
                toolCalls: [
                  { id: 'c1', name: 'status' },
                  { id: 'c2', name: 'ping', arguments: {} },
                ],
              })
            : chatCompletion({ content: 'ok' }),
        ),
      });
      provider = await McpToolCallbackProvider.create({
        connections: [
          fixtureConnection('k8s', {
            tools: [
              ...tools,
              {
                name: 'describe',
                inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
              },
            ],
            only: true,
          }),
        ],
      });

      const answer = await ChatClient.create(modelFor(wire)).prompt('status?').tools(provider).call().content();

      expect(answer).toBe('ok');
      const sent = wire.requests[0].tools ?? [];
      for (const name of ['clusterResources', 'ping', 'status']) {
        expect(sent.find((t) => t.function.name === name)?.function.parameters).toEqual({
          type: 'object',
          properties: {},
          required: [],
        });
      }
      expect(sent.find((t) => t.function.name === 'describe')?.function.parameters).toEqual({
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
      });
      expect(toolMessages(wire.requests[1]).map((text) => JSON.parse(text as string) as unknown)).toEqual([
        { name: 'status', arguments: {} },
        { name: 'ping', arguments: {} },
      ]);
    });
  });

  describe('when a server lists names that break the OpenAI rule (02-unsafe-tool-names)', () => {
    it('should send only safe names and call the tool under its original MCP name', async () => {
      const { tools_list: tools = [] } = loadCase('02-unsafe-tool-names');
      provider = await McpToolCallbackProvider.create({
        connections: [fixtureConnection('github', { tools, only: true })],
      });
      const names = provider.getToolCallbacks().map((c) => c.toolDefinition.name);
      const longGet = names[1];
      wire = await OpenAiWireServer.start({
        handler: openAiLike((_body, index) =>
          index === 0
            ? chatCompletion({ toolCalls: [{ name: 'calendar_respondToEvent' }, { name: longGet }] })
            : chatCompletion({ content: 'ok' }),
        ),
      });

      await ChatClient.create(modelFor(wire)).prompt('go').tools(provider).call().content();

      for (const tool of wire.requests[0].tools ?? []) expect(tool.function.name).toMatch(PROVIDER_SAFE_TOOL_NAME);
      expect(
        toolMessages(wire.requests[1]).map((text) => (JSON.parse(text as string) as { name: string }).name),
      ).toEqual([
        'calendar.respondToEvent',
        'gateway_rest_api_get_repos_owner_repo_environments_environment_name_secrets_secret_name',
      ]);
    });
  });

  describe('.getToolCallbacks', () => {
    it('should say how to load the tools when they were never listed', () => {
      provider = McpToolCallbackProvider.builder().connections(fixtureConnection()).build();
      const error = errorOf(() => provider?.getToolCallbacks(), McpToolsNotListedError);
      expect(error.message).toMatch(/await McpToolCallbackProvider.create/);
    });
  });

  describe('when two connections have one name', () => {
    it('should refuse them, naming the name', () => {
      const build = () =>
        McpToolCallbackProvider.builder().connections(fixtureConnection('orders'), fixtureConnection('orders')).build();
      expect(errorOf(build, ConfigurationError)).toMatchObject({
        setting: 'McpToolCallbackProvider connections',
        value: 'orders',
        message: "Two MCP connections are named 'orders'; give each connection its own name.",
      });
    });
  });

  describe('with toolMetadata', () => {
    it('should give each tool the rules the resolver returns, over the defaults', async () => {
      const seen: string[] = [];
      provider = McpToolCallbackProvider.builder()
        .connections(fixtureConnection('slow'))
        .toolMetadata((info, tool) => {
          seen.push(`${info.connectionName}/${tool.name}`);
          return tool.name === 'sleep' ? { timeoutMs: 2_000, concurrency: 'exclusive' } : undefined;
        })
        .build();
      const callbacks = await provider.refresh();
      const byName = new Map(callbacks.map((c) => [c.toolDefinition.name, c.toolMetadata]));

      expect(byName.get('sleep')).toEqual({ returnDirect: false, timeoutMs: 2_000, concurrency: 'exclusive' });
      expect(byName.get('echo-params')).toEqual({ returnDirect: false });
      expect(seen).toEqual(expect.arrayContaining(['slow/sleep', 'slow/echo-params']));
    });

    it('should fail create naming the tool and the rule when a rule is not allowed', async () => {
      const connection = fixtureConnection('slow');

      const error = await errorOf(
        McpToolCallbackProvider.create({
          connections: [connection],
          toolMetadata: (_info, tool) => (tool.name === 'sleep' ? { timeoutMs: 0 } : undefined),
        }),
        ConfigurationError,
      );

      expect(error.message).toBe(
        "MCP tool 'sleep' of connection 'slow': timeoutMs got 0; expected a positive integer (milliseconds).",
      );
      expect(connection.connected).toBe(false);
    });
  });
});
