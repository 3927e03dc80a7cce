import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  approveToolCall,
  ChatClient,
  DEFAULT_TOOL_SEARCH_SYSTEM_MESSAGE_SUFFIX,
  FullTextToolIndex,
  MessageChatMemoryAdvisor,
  ObservedChatModel,
  rejectToolCall,
  ToolApprovalStore,
  ToolCallingAdvisor,
  ToolSearchToolCallingAdvisor,
} from '@sprout-ai/chat-client';
import {
  CHAT_MEMORY_CONVERSATION_ID,
  FunctionToolCallback,
  MessageWindowChatMemory,
  ModelApiError,
  type PendingApproval,
  Prompt,
  type ToolCallback,
  type ToolContext,
  ToolSchemaRegistry,
} from '@sprout-ai/core';
import { McpClientConnection, type McpHttpServerHandle, McpToolCallbackProvider, McpToolServer } from '@sprout-ai/mcp';
import { errorOf } from '@sprout-ai/test';
import { ContainerModule } from 'inversify';
import { anthropicWireProvider } from './__fixtures__/provider-contract/anthropic-wire-provider';
import { openAiWireProvider } from './__fixtures__/provider-contract/openai-wire-provider';
import type {
  NeutralMessage,
  NeutralReply,
  NeutralRequest,
  WireProvider,
  WireSession,
} from './__fixtures__/provider-contract/wire-provider';
import { declareToolClasses, FIXTURE_MANIFEST } from './__fixtures__/tool-classes';
import { SproutApplication } from './sprout-application';
import { SproutTokens } from './sprout-tokens';

// The provider contract: one set of tool-loop, memory, MCP and container tests, run against each
// provider's real ChatModel over HTTP to its wire server. Passing for both shows the loop is
// provider-neutral — the providers only map the wire. Covered: the tool loop (call, stream,
// parallel calls, missing ids, failing tools, forced choice), chat memory, MCP tools, strict-mode
// fallback, tool search, human approval, observability (spans), and the container's binding and
// retries (spring.ai.retry.*).

jest.setTimeout(30_000);

// The OpenTelemetry SDK as an application registers it, exporting spans to memory.
const spans = new InMemorySpanExporter();
new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }).register();
const spansOf = (operation: string): ReadableSpan[] =>
  spans.getFinishedSpans().filter((span) => span.attributes['gen_ai.operation.name'] === operation);

const ORDER_SCHEMA = JSON.stringify({
  type: 'object',
  properties: { orderId: { type: 'string' } },
  required: ['orderId'],
  additionalProperties: false,
});

/** A tool that records what it was called with (and the tool context's user) and answers from `answer`. */
function orderTool(name: string, answer: (orderId: string) => string) {
  const calls: { orderId: string; user: unknown }[] = [];
  const callback: ToolCallback = FunctionToolCallback.builder(
    name,
    (input: { orderId: string }, context: ToolContext) => {
      calls.push({ orderId: input.orderId, user: context.get('userId') });
      return answer(input.orderId);
    },
  )
    .description(`${name} of an order`)
    .inputSchema(ORDER_SCHEMA)
    .build();
  return { callback, calls };
}

const lastTool = (request: NeutralRequest) => request.messages.filter((m) => m.role === 'tool');
const call = (id: string, name: string, args: Record<string, unknown>) => ({ id, name, arguments: args });

describe.each<WireProvider>([openAiWireProvider, anthropicWireProvider])('provider contract: $name', (provider) => {
  let session: WireSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  beforeEach(() => spans.reset());

  async function start(reply: (request: NeutralRequest, index: number) => NeutralReply): Promise<WireSession> {
    session = await provider.start(reply);
    return session;
  }

  /** A model that calls `toolName` for A123 once, then answers with what the tool said. */
  const oneToolRound =
    (toolName: string) =>
    (request: NeutralRequest, index: number): NeutralReply =>
      index === 0
        ? { toolCalls: [call('t1', toolName, { orderId: 'A123' })], usage: { prompt: 20, completion: 5 } }
        : { text: `Done: ${lastTool(request).at(-1)?.content ?? ''}`, usage: { prompt: 30, completion: 7 } };

  describe('a tool round through ChatClient.call', () => {
    it('should run the tool, send its call and result back, and answer with the usage of both rounds', async () => {
      const tool = orderTool('getOrderStatus', (id) => `${id} shipped`);
      const { model, requests } = await start(oneToolRound('getOrderStatus'));

      const response = await ChatClient.builder(model)
        .defaultSystem('You are the order desk.')
        .build()
        .prompt('Where is A123?')
        .tools(tool.callback)
        .toolContext({ userId: 'u7' })
        .call()
        .chatResponse();

      expect(response?.result?.output.text).toBe('Done: "A123 shipped"');
      expect(response?.metadata.usage).toMatchObject({ promptTokens: 50, completionTokens: 12, totalTokens: 62 });
      expect(tool.calls).toEqual([{ orderId: 'A123', user: 'u7' }]);
      const [first, second] = requests();
      expect(first.system).toBe('You are the order desk.');
      expect(first.tools).toEqual(['getOrderStatus']);
      expect(second.messages).toEqual<NeutralMessage[]>([
        { role: 'user', text: 'Where is A123?' },
        { role: 'assistant', text: '', toolCalls: [call('t1', 'getOrderStatus', { orderId: 'A123' })] },
        expect.objectContaining({ role: 'tool', id: 't1', content: '"A123 shipped"' }),
      ]);
      expect(lastTool(second)[0]).not.toMatchObject({ isError: true });
    });

    it('should never send the tool context to the model', async () => {
      const tool = orderTool('getOrderStatus', (id) => `${id} shipped`);
      const { model, rawBodies } = await start(oneToolRound('getOrderStatus'));

      await ChatClient.create(model)
        .prompt('Where is A123?')
        .tools(tool.callback)
        .toolContext({ userId: 'secret-user-42' })
        .call()
        .content();

      expect(tool.calls[0].user).toBe('secret-user-42');
      expect(rawBodies().join('\n')).not.toContain('secret-user-42');
    });
  });

  describe('a tool round through ChatClient.stream', () => {
    it('should stream the answer after running the tool, and send the same follow-up as call does', async () => {
      const tool = orderTool('getOrderStatus', (id) => `${id} shipped`);
      const { model, requests } = await start(oneToolRound('getOrderStatus'));

      const texts: string[] = [];
      for await (const text of ChatClient.create(model)
        .prompt('Where is A123?')
        .tools(tool.callback)
        .stream()
        .content()) {
        texts.push(text);
      }

      expect(texts.join('')).toBe('Done: "A123 shipped"');
      expect(tool.calls.map((c) => c.orderId)).toEqual(['A123']);
      expect(requests()[1].messages.slice(1)).toEqual<NeutralMessage[]>([
        { role: 'assistant', text: '', toolCalls: [call('t1', 'getOrderStatus', { orderId: 'A123' })] },
        expect.objectContaining({ role: 'tool', id: 't1', content: '"A123 shipped"' }),
      ]);
    });
  });

  describe('parallel calls in one round', () => {
    it('should answer every call, in the calls’ order, in the next request', async () => {
      const tool = orderTool('getOrderStatus', (id) => `${id} shipped`);
      const { model, requests } = await start((request, index) =>
        index === 0
          ? {
              text: 'Checking both.',
              toolCalls: [
                call('a', 'getOrderStatus', { orderId: 'A1' }),
                call('b', 'getOrderStatus', { orderId: 'A2' }),
              ],
            }
          : {
              text: lastTool(request)
                .map((m) => (m.role === 'tool' ? m.content : ''))
                .join(' & '),
            },
      );

      const answer = await ChatClient.create(model).prompt('A1 and A2?').tools(tool.callback).call().content();

      expect(answer).toBe('"A1 shipped" & "A2 shipped"');
      expect(lastTool(requests()[1]).map((m) => (m.role === 'tool' ? m.id : ''))).toEqual(['a', 'b']);
      expect(requests()[1].messages[1]).toMatchObject({ role: 'assistant', text: 'Checking both.' });
    });
  });

  describe('calls the model sent without ids (08-empty-tool-call-id)', () => {
    it('should give each a unique id, used for its call and its result in the next request', async () => {
      const tool = orderTool('getOrderStatus', (id) => `${id} shipped`);
      const { model, requests } = await start((_request, index) =>
        index === 0
          ? {
              toolCalls: [call('', 'getOrderStatus', { orderId: 'A1' }), call('', 'getOrderStatus', { orderId: 'A2' })],
            }
          : { text: 'Both shipped.' },
      );

      await ChatClient.create(model).prompt('A1 and A2?').tools(tool.callback).call().content();

      const [, assistant, ...results] = requests()[1].messages;
      const callIds = assistant.role === 'assistant' ? assistant.toolCalls.map((c) => c.id) : [];
      expect(callIds).toEqual([
        expect.stringMatching(/^call_[0-9a-f]{32}$/),
        expect.stringMatching(/^call_[0-9a-f]{32}$/),
      ]);
      expect(new Set(callIds).size).toBe(2);
      expect(results.map((m) => (m.role === 'tool' ? [m.id, m.content] : m))).toEqual([
        [callIds[0], '"A1 shipped"'],
        [callIds[1], '"A2 shipped"'],
      ]);
    });
  });

  describe('a failing tool', () => {
    it('should tell the model the error, flagged as one where the wire can say so', async () => {
      const tool = orderTool('cancelOrder', (id) => {
        throw new Error(`Order ${id} has already shipped`);
      });
      const { model, requests } = await start(oneToolRound('cancelOrder'));

      const answer = await ChatClient.create(model).prompt('Cancel A123').tools(tool.callback).call().content();

      const [result] = lastTool(requests()[1]);
      expect(answer).toContain('Order A123 has already shipped');
      expect(result).toMatchObject({ role: 'tool', id: 't1', content: expect.stringContaining('already shipped') });
      if (provider.flagsToolErrors) expect(result).toMatchObject({ isError: true });
    });
  });

  describe('a forced tool choice (07-forced-tool-choice)', () => {
    it('should force the tool in the first round only, then let the model answer', async () => {
      const tool = orderTool('getOrderStatus', (id) => `${id} shipped`);
      const { model, requests } = await start(oneToolRound('getOrderStatus'));

      await ChatClient.create(model)
        .prompt('Where is A123?')
        .tools(tool.callback)
        .options({ toolChoice: { type: 'function', function: { name: 'getOrderStatus' } } })
        .call()
        .content();

      expect(requests().map((r) => r.toolChoice)).toEqual(['getOrderStatus', 'auto']);
    });
  });

  describe('chat memory across turns', () => {
    it('should replay the first turn, its tool call and result included, in the second turn', async () => {
      const tool = orderTool('getOrderStatus', (id) => `${id} shipped`);
      const { model, requests } = await start(
        (request, index) =>
          [
            { toolCalls: [call('t1', 'getOrderStatus', { orderId: 'A123' })] },
            { text: 'A123 has shipped.' },
            { text: `You asked ${request.messages.filter((m) => m.role === 'user').length} questions.` },
          ][index],
      );
      // Inside the loop, so the tool round is remembered and replayed to the model.
      const memory = MessageChatMemoryAdvisor.builder(MessageWindowChatMemory.builder().build())
        .order(ToolCallingAdvisor.DEFAULT_ORDER + 1)
        .build();
      const client = ChatClient.builder(model).defaultAdvisors(memory).defaultTools(tool.callback).build();
      const ask = (text: string) =>
        client
          .prompt(text)
          .advisors((spec) => spec.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1'))
          .call()
          .content();

      await ask('Where is A123?');
      const second = await ask('What did I ask?');

      expect(second).toBe('You asked 2 questions.');
      expect(requests()[2].messages).toEqual<NeutralMessage[]>([
        { role: 'user', text: 'Where is A123?' },
        { role: 'assistant', text: '', toolCalls: [call('t1', 'getOrderStatus', { orderId: 'A123' })] },
        expect.objectContaining({ role: 'tool', id: 't1', content: '"A123 shipped"' }),
        { role: 'assistant', text: 'A123 has shipped.', toolCalls: [] },
        { role: 'user', text: 'What did I ask?' },
      ]);
    });
  });

  describe.each(['call', 'stream'] as const)('tool search through ChatClient.%s', (path) => {
    it('should offer toolSearchTool alone, then the tools it found, and run the one the model calls', async () => {
      const status = orderTool('getOrderStatus', (id) => `${id} shipped`);
      const cancel = orderTool('cancelOrder', (id) => `${id} cancelled`);
      const weather = orderTool('getWeather', () => 'sunny');
      const { model, requests } = await start(
        (request, index) =>
          [
            { toolCalls: [call('s1', 'toolSearchTool', { query: 'cancel an order' })] },
            { toolCalls: [call('c1', 'cancelOrder', { orderId: 'A123' })] },
            { text: `Done: ${lastTool(request).at(-1)?.content ?? ''}` },
          ][index],
      );
      const client = ChatClient.builder(model)
        .toolCallingAdvisorBuilder(
          ToolSearchToolCallingAdvisor.builder().toolIndex(new FullTextToolIndex()).maxResults(1),
        )
        .defaultSystem('You are the order desk.')
        .defaultTools(status.callback, cancel.callback, weather.callback)
        .build();
      const spec = client.prompt('Cancel A123').advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1'));

      let answer = '';
      if (path === 'call') answer = await spec.call().content();
      else for await (const piece of spec.stream().content()) answer += piece;

      expect(answer).toBe('Done: "A123 cancelled"');
      expect(cancel.calls.map((c) => c.orderId)).toEqual(['A123']);
      const [first, second, third] = requests();
      expect(first.tools).toEqual(['toolSearchTool']);
      expect(first.system).toBe(`You are the order desk.${DEFAULT_TOOL_SEARCH_SYSTEM_MESSAGE_SUFFIX}`);
      expect(JSON.parse(lastTool(second)[0].content)).toEqual(['cancelOrder']);
      expect(second.tools).toEqual(['toolSearchTool', 'cancelOrder']);
      expect(third.tools).toEqual(second.tools);
    });
  });

  describe('a tool of an MCP server on 127.0.0.1', () => {
    let http: McpHttpServerHandle | undefined;
    let tools: McpToolCallbackProvider | undefined;
    afterEach(async () => {
      await tools?.close();
      await http?.close();
      tools = undefined;
      http = undefined;
    });

    it('should be offered, called over MCP, and its result read by the model', async () => {
      const invoice = orderTool('invoiceOf', (id) => `invoice INV-${id}`);
      http = await new McpToolServer({ toolCallbacks: [invoice.callback] }).listen();
      tools = await McpToolCallbackProvider.create({
        connections: [
          new McpClientConnection({ name: 'billing', transport: { type: 'streamable-http', url: http.url } }),
        ],
      });
      const mcpName = tools.getToolCallbacks()[0].toolDefinition.name;
      const { model, requests } = await start(oneToolRound(mcpName));

      const answer = await ChatClient.create(model).prompt('Invoice of A123?').tools(tools).call().content();

      expect(answer).toBe('Done: "invoice INV-A123"');
      expect(invoice.calls.map((c) => c.orderId)).toEqual(['A123']);
      expect(requests()[0].tools).toEqual([mcpName]);
    });
  });

  describe('strict-mode fallback', () => {
    const PRICES_SCHEMA = JSON.stringify({
      type: 'object',
      properties: { prices: { type: 'object', additionalProperties: { type: 'number' } } },
      required: ['prices'],
      additionalProperties: false,
    });

    it('should send a strict tool whose schema strict mode cannot take as it is, and run it', async () => {
      const strictTool = (name: string, schema: string, run: (input: object) => string) =>
        FunctionToolCallback.builder(name, run).description(name).inputSchema(schema).strict(true).build();
      const priced: object[] = [];
      const setPrices = strictTool('setPrices', PRICES_SCHEMA, (input) => {
        priced.push(input);
        return 'saved';
      });
      const status = strictTool('getOrderStatus', ORDER_SCHEMA, () => 'shipped');
      const { model, requests } = await start((_request, index) =>
        index === 0 ? { toolCalls: [call('p1', 'setPrices', { prices: { A1: 9.5 } })] } : { text: 'Saved.' },
      );

      const answer = await ChatClient.create(model)
        .prompt('Price A1 at 9.50')
        .tools(setPrices, status)
        .call()
        .content();

      expect(answer).toBe('Saved.');
      expect(priced).toEqual([{ prices: { A1: 9.5 } }]);
      const [first] = requests();
      // Never a 400 for a schema strict mode rejects: that tool goes non-strict, its schema whole.
      expect(first.toolSchemas.setPrices).toEqual(JSON.parse(PRICES_SCHEMA));
      expect(first.strictTools).toEqual(provider.strictMode ? ['getOrderStatus'] : []);
    });
  });

  describe('a tool that needs approval', () => {
    function approvalSetUp() {
      const tool = orderTool('cancelOrder', (id) => `${id} cancelled`);
      const cancel: ToolCallback = FunctionToolCallback.builder('cancelOrder', (input: { orderId: string }) =>
        tool.callback.call(JSON.stringify(input)),
      )
        .description('Cancel an order')
        .inputSchema(ORDER_SCHEMA)
        .toolMetadata({ returnDirect: false, approval: 'required' })
        .build();
      const client = ChatClient.create(model(), {
        toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolApprovalStore(new ToolApprovalStore()),
      });
      const ask = () =>
        client
          .prompt('Cancel A123')
          .tools(cancel)
          .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c-approve'))
          .call()
          .chatResponse();
      return { tool, cancel, client, ask };
    }
    const model = () => {
      if (!session) throw new Error('start the wire first');
      return session.model;
    };

    it('should pause before running it, then run it on approval and send its call and result once', async () => {
      const { requests } = await start(oneToolRound('cancelOrder'));
      const { tool, cancel, client, ask } = approvalSetUp();

      const paused = await ask();
      const pending = paused?.metadata.pendingApproval as PendingApproval;

      expect(paused?.result?.metadata.finishReason).toBe('pendingApproval');
      expect(pending.calls).toMatchObject([{ id: 't1', toolName: 'cancelOrder', arguments: '{"orderId":"A123"}' }]);
      expect(tool.calls).toEqual([]);
      expect(requests()).toHaveLength(1);

      const answer = await client
        .prompt()
        .tools(cancel)
        .resume('c-approve', [approveToolCall(pending.calls[0])])
        .call()
        .content();

      expect(answer).toBe('Done: "A123 cancelled"');
      expect(tool.calls.map((c) => c.orderId)).toEqual(['A123']);
      expect(requests()[1].messages).toEqual<NeutralMessage[]>([
        { role: 'user', text: 'Cancel A123' },
        { role: 'assistant', text: '', toolCalls: [call('t1', 'cancelOrder', { orderId: 'A123' })] },
        expect.objectContaining({ role: 'tool', id: 't1', content: '"A123 cancelled"' }),
      ]);
    });

    it('should not run it when declined, and tell the model so', async () => {
      const { requests } = await start(oneToolRound('cancelOrder'));
      const { tool, cancel, client, ask } = approvalSetUp();
      const pending = (await ask())?.metadata.pendingApproval as PendingApproval;

      await client
        .prompt()
        .tools(cancel)
        .resume('c-approve', [rejectToolCall(pending.calls[0], 'kept it')])
        .call()
        .content();

      expect(tool.calls).toEqual([]);
      expect(lastTool(requests()[1])).toEqual([
        expect.objectContaining({
          id: 't1',
          content: "The user declined to run tool 'cancelOrder'; it was not run. Reason: kept it",
        }),
      ]);
    });
  });

  describe.each(['call', 'stream'] as const)('spans of a tool round through ChatClient.%s', (path) => {
    it('should name the provider on the chat spans and record the tool run between them', async () => {
      const tool = orderTool('getOrderStatus', (id) => `${id} shipped`);
      const { model } = await start(oneToolRound('getOrderStatus'));
      const spec = ChatClient.create(model).prompt('Where is A123?').tools(tool.callback);

      if (path === 'call') await spec.call().content();
      else for await (const _piece of spec.stream().content());

      const chats = spansOf('chat');
      expect(chats).toHaveLength(2);
      for (const chat of chats) {
        expect(chat.kind).toBe(SpanKind.CLIENT);
        expect(chat.attributes['gen_ai.provider.name']).toBe(provider.providerName);
      }
      expect(chats[0].attributes['gen_ai.response.finish_reasons']).toEqual(['tool_calls']);
      expect(chats[1].attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);
      const [agent] = spansOf('invoke_agent');
      expect(agent.attributes['gen_ai.provider.name']).toBe(provider.providerName);
      const tools = spansOf('execute_tool');
      expect(tools.map((span) => span.attributes)).toEqual([
        expect.objectContaining({ 'gen_ai.tool.name': 'getOrderStatus', 'gen_ai.tool.call.id': 't1' }),
      ]);
      expect(tools[0].parentSpanContext?.spanId).toBe(agent.spanContext().spanId);
    });
  });

  describe('the container', () => {
    const { OrderTools } = declareToolClasses();
    let app: SproutApplication | undefined;
    afterEach(async () => {
      await app?.close();
      app = undefined;
    });

    it('should bind this provider’s model from its properties and run the loop with the scanned tools', async () => {
      const { properties, requests } = await start(oneToolRound('getOrderStatus'));

      app = await SproutApplication.run({
        propertiesFile: false,
        env: {},
        properties,
        modules: [new ContainerModule(({ bind }) => void bind(OrderTools).toSelf())],
        schemaManifest: FIXTURE_MANIFEST,
        schemaRegistry: new ToolSchemaRegistry(),
      });
      const answer = await app.chatClient().prompt('Where is A123?').call().content();

      const model = app.get(SproutTokens.ChatModel);
      expect(ObservedChatModel.unwrap(model)).toBeInstanceOf(provider.modelClass);
      expect(model.providerName).toBe(provider.providerName);
      expect(answer).toBe('Done: "Order A123 has shipped"');
      expect(app.get(OrderTools).calls).toEqual(['A123']);
      expect(requests()[0].tools).toEqual(['getOrderStatus', 'cancelOrder']);
    });

    describe.each(['call', 'stream'] as const)('spans of its ChatModel called directly (.%s)', (path) => {
      const ask = async (container: SproutApplication, prompt: Prompt): Promise<void> => {
        const model = container.get(SproutTokens.ChatModel) as ObservedChatModel;
        if (path === 'call') await model.call(prompt);
        else for await (const _chunk of model.stream(prompt));
      };
      const runWith = (properties: Readonly<Record<string, string>>) =>
        SproutApplication.run({
          propertiesFile: false,
          env: {},
          properties,
          schemaManifest: FIXTURE_MANIFEST,
          schemaRegistry: new ToolSchemaRegistry(),
        });

      it('should record one chat span naming the provider, with no ChatClient span', async () => {
        const { properties } = await start(() => ({ text: 'Shipped.', usage: { prompt: 9, completion: 2 } }));
        app = await runWith(properties);

        await ask(app, new Prompt('Where is A123?'));

        const chats = spansOf('chat');
        expect(chats).toHaveLength(1);
        expect(chats[0].kind).toBe(SpanKind.CLIENT);
        expect(chats[0].attributes).toMatchObject({
          'gen_ai.provider.name': provider.providerName,
          'gen_ai.usage.input_tokens': 9,
          'gen_ai.usage.output_tokens': 2,
        });
        expect(chats[0].attributes).not.toHaveProperty('gen_ai.input.messages');
        expect(spansOf('invoke_agent')).toEqual([]);
      });

      it('should record the prompt when spring.ai.chat.observations.log-prompt=true', async () => {
        const { properties } = await start(() => ({ text: 'Shipped.' }));
        app = await runWith({ ...properties, 'spring.ai.chat.observations.log-prompt': 'true' });

        await ask(app, new Prompt('Where is A123?'));

        const [chat] = spansOf('chat');
        expect(chat.attributes['gen_ai.input.messages']).toContain('Where is A123?');
      });
    });

    describe.each(['call', 'stream'] as const)('spans of a ChatClient request on its ChatModel (.%s)', (path) => {
      it('should record one chat span per model call, each under invoke_agent', async () => {
        const { properties } = await start(oneToolRound('getOrderStatus'));
        app = await SproutApplication.run({
          propertiesFile: false,
          env: {},
          properties,
          modules: [new ContainerModule(({ bind }) => void bind(OrderTools).toSelf())],
          schemaManifest: FIXTURE_MANIFEST,
          schemaRegistry: new ToolSchemaRegistry(),
        });
        const spec = app.chatClient().prompt('Where is A123?');

        if (path === 'call') await spec.call().content();
        else for await (const _piece of spec.stream().content());

        const [agent] = spansOf('invoke_agent');
        const chats = spansOf('chat');
        expect(chats).toHaveLength(2);
        for (const chat of chats) {
          expect(chat.parentSpanContext?.spanId).toBe(agent.spanContext().spanId);
          expect(chat.attributes['gen_ai.provider.name']).toBe(provider.providerName);
        }
      });
    });

    describe('retrying by spring.ai.retry.*', () => {
      const FAST_RETRY = {
        'spring.ai.retry.backoff.initial-interval': '1ms',
        'spring.ai.retry.backoff.max-interval': '5ms',
      };
      const runWith = (properties: Readonly<Record<string, string>>) =>
        SproutApplication.run({
          propertiesFile: false,
          env: {},
          properties: { ...properties, ...FAST_RETRY },
          schemaManifest: FIXTURE_MANIFEST,
          schemaRegistry: new ToolSchemaRegistry(),
        });
      const failTwice = (_request: NeutralRequest, index: number): NeutralReply =>
        [{ failWith: 429 as const }, { failWith: 503 as const }][index] ?? { text: 'Shipped.' };

      it('should retry a 429 and a 503, one request per attempt, and answer', async () => {
        const { properties, requests } = await start(failTwice);
        app = await runWith(properties);

        const answer = await app.chatClient().prompt('Where is A123?').call().content();

        expect(answer).toBe('Shipped.');
        expect(requests()).toHaveLength(3);
      });

      it('should stop after max-attempts with the provider’s ModelApiError, the SDK client adding no retries', async () => {
        const { properties, requests } = await start(failTwice);
        app = await runWith({ ...properties, 'spring.ai.retry.max-attempts': '2' });

        const error = await errorOf(app.chatClient().prompt('Where is A123?').call().content(), ModelApiError);

        expect(error).toMatchObject({ provider: provider.providerName, status: 503, retryable: true });
        expect(requests()).toHaveLength(2);
      });
    });
  });
});
