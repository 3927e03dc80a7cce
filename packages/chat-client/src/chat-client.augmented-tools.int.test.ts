import {
  AugmentedToolCallbackProvider,
  type AugmentedArgumentEvent,
  type ToolCallbackProvider,
  type ToolContext,
  toolSchemaRegistry,
} from '@sprout-ai/core';
import { OpenAiChatModel, strictSchemaViolations } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';
import { AgentThinking, agentThinkingManifest } from './__fixtures__/agent-thinking';
import { declareOrderTools, recordingTool } from './__fixtures__/tools';
import { ChatClient } from './chat-client';

// Tool argument augmentation over HTTP: the real openai client against the test kit's wire server.
describe(`${ChatClient.name} with AugmentedToolCallbackProvider`, () => {
  const OrderTools = declareOrderTools();
  toolSchemaRegistry.register(agentThinkingManifest, 'chat-client test fixture');
  let server: OpenAiWireServer | undefined;

  afterEach(async () => {
    await server?.close();
  });

  function setUp(strict: boolean) {
    const events: AugmentedArgumentEvent<AgentThinking>[] = [];
    const received: unknown[][] = [];
    // The @Tool method of OrderTools, overridden to see what it is called with.
    class RecordingOrderTools extends OrderTools {
      override getOrderStatus(orderId: string, toolContext: ToolContext): string {
        // Everything the method is called with: its own parameters, nothing augmented.
        // eslint-disable-next-line prefer-rest-params
        received.push([...arguments]);
        return super.getOrderStatus(orderId, toolContext);
      }
    }
    const note = recordingTool('note');
    const delegate: ToolCallbackProvider = { getToolCallbacks: () => [note] };
    const tools = [
      AugmentedToolCallbackProvider.builder()
        .toolObject(new RecordingOrderTools())
        .argumentType(AgentThinking)
        .argumentConsumer((event) => void events.push(event))
        .build(),
      AugmentedToolCallbackProvider.builder()
        .delegate(delegate)
        .argumentType(AgentThinking)
        .argumentConsumer((event) => void events.push(event))
        .build(),
    ];
    const model = new OpenAiChatModel({
      baseUrl: (server as OpenAiWireServer).baseUrl,
      apiKey: 'test-key',
      defaultOptions: { model: 'gpt-4o-mini', strict },
      maxRetries: 0,
    });
    return {
      client: ChatClient.builder(model)
        .defaultTools(...tools)
        .build(),
      events,
      received,
      note,
    };
  }

  it('should offer the extra fields to the model and run each tool with none of them', async () => {
    server = await OpenAiWireServer.start({
      script: [
        chatCompletion({
          toolCalls: [
            {
              id: 'call_1',
              name: 'getOrderStatus',
              arguments: { orderId: 'A123', innerThought: 'The user asks about A123', confidence: 'high' },
            },
            { id: 'call_2', name: 'note', arguments: { id: 'n1', innerThought: 'Remember the order' } },
          ],
        }),
        chatCompletion({ content: 'A123 has shipped.' }),
      ],
    });
    const { client, events, received, note } = setUp(false);

    const answer = await client.prompt('Where is A123?').toolContext({ customerId: 'c-42' }).call().content();

    expect(answer).toBe('A123 has shipped.');
    const offered = server.requests[0].tools?.map((tool) => tool.function.parameters);
    expect(offered).toEqual([
      {
        type: 'object',
        properties: {
          orderId: { type: 'string' },
          innerThought: { type: 'string', description: 'Your reasoning for calling this tool' },
          confidence: {
            type: 'string',
            enum: ['low', 'medium', 'high'],
            description: 'Confidence level (low, medium, high)',
          },
        },
        required: ['orderId', 'innerThought'],
        additionalProperties: false,
      },
      expect.objectContaining({
        properties: {
          id: { type: 'string' },
          innerThought: expect.any(Object),
          confidence: expect.any(Object),
        },
        required: ['innerThought'],
      }),
    ]);
    expect(received).toEqual([['A123', expect.objectContaining({ context: { customerId: 'c-42' } })]]);
    expect(note.records.map((record) => record.input)).toEqual([{ id: 'n1' }]);
    expect(events.map((event) => [event.toolDefinition.name, event.arguments])).toStrictEqual([
      [
        'getOrderStatus',
        Object.assign(new AgentThinking(), { innerThought: 'The user asks about A123', confidence: 'high' }),
      ],
      ['note', Object.assign(new AgentThinking(), { innerThought: 'Remember the order' })],
    ]);
    // The history keeps what the model sent.
    const assistant = server.requests[1].messages.find((message) => message.role === 'assistant');
    expect(assistant?.tool_calls?.[0].function.arguments).toBe(
      '{"orderId":"A123","innerThought":"The user asks about A123","confidence":"high"}',
    );
  });

  it('should send a valid strict schema in strict mode, and read null for an optional field as absent', async () => {
    server = await OpenAiWireServer.start({
      script: [
        chatCompletion({
          toolCalls: [
            {
              id: 'call_1',
              name: 'getOrderStatus',
              arguments: { orderId: 'A7', innerThought: 'Asked', confidence: null },
            },
          ],
        }),
        chatCompletion({ content: 'A7 has shipped.' }),
      ],
    });
    const { client, events, received } = setUp(true);

    await client.prompt('Where is A7?').toolContext({ customerId: 'c-1' }).call().content();

    const [tool] = server.requests[0].tools ?? [];
    expect(tool.function.strict).toBe(true);
    expect(strictSchemaViolations(tool.function.parameters as Record<string, unknown>)).toEqual([]);
    expect(tool.function.parameters).toMatchObject({
      properties: { confidence: { type: ['string', 'null'], enum: ['low', 'medium', 'high', null] } },
      required: ['orderId', 'innerThought', 'confidence'],
    });
    expect(received).toEqual([['A7', expect.anything()]]);
    expect(events[0].arguments).toStrictEqual(Object.assign(new AgentThinking(), { innerThought: 'Asked' }));
  });
});
