import {
  AssistantMessage,
  CHAT_MEMORY_CONVERSATION_ID,
  DefaultToolCallingManager,
  FunctionToolCallback,
  InMemoryChatMemoryRepository,
  InvalidToolArgumentsError,
  MessageWindowChatMemory,
  type PendingApproval,
  type ToolCallback,
  type ToolResponseMessage,
} from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, type WireScriptStep, chatCompletion, sseFromChatCompletion } from '@sprout-ai/test';
import { MessageChatMemoryAdvisor } from '../advisor/message-chat-memory-advisor';
import { ToolCallingAdvisor } from '../advisor/tool-calling-advisor';
import { ChatClient } from '../chat-client';
import { InvalidToolApprovalError } from './invalid-tool-approval-error';
import { approveToolCall, rejectToolCall } from './tool-approval-decision';
import { ToolApprovalExpiredError } from './tool-approval-expired-error';
import { ToolApprovalNotFoundError } from './tool-approval-not-found-error';
import { ToolApprovalStore } from './tool-approval-store';

/** An order table the cancel tool changes; the test reads it to see whether the tool ran. */
function deskTools() {
  const orders = new Map([
    ['A123', 'open'],
    ['B456', 'open'],
  ]);
  const cancelOrder = FunctionToolCallback.builder('cancelOrder', (input: { orderId: string }) => {
    orders.set(input.orderId, 'cancelled');
    return `Order ${input.orderId} cancelled`;
  })
    .description('Cancel an order')
    .inputSchema({
      type: 'object',
      properties: { orderId: { type: 'string', pattern: '^[A-Z][0-9]{3}$' } },
      required: ['orderId'],
      additionalProperties: false,
    })
    .toolMetadata({ returnDirect: false, approval: 'required' })
    .build();
  const getTime = FunctionToolCallback.builder('getTime', () => '12:00')
    .description('The time')
    .build();
  return { orders, tools: [cancelOrder, getTime] as ToolCallback[] };
}

async function rejectionOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('Expected a rejection');
}

const askCancel = chatCompletion({
  toolCalls: [
    { id: 'call_1', name: 'cancelOrder', arguments: { orderId: 'A123' } },
    { id: 'call_2', name: 'getTime', arguments: {} },
  ],
});

describe('human approval of tool calls', () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function setUp(script: readonly WireScriptStep[], store = new ToolApprovalStore()) {
    server = await OpenAiWireServer.start({ script });
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 });
    const client = ChatClient.create(model, {
      toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolApprovalStore(store),
    });
    return { client, wire: server, store };
  }

  async function pause(client: ChatClient, tools: ToolCallback[]): Promise<PendingApproval> {
    const response = await client
      .prompt('Cancel A123, and what time is it?')
      .toolCallbacks(...tools)
      .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c1'))
      .call()
      .chatResponse();
    expect(response?.result?.metadata.finishReason).toBe('pendingApproval');
    return response?.metadata.pendingApproval as PendingApproval;
  }

  describe('when a round has one call needing approval and one auto-run call', () => {
    it('should run the other, pause before the model is called again, and list the pending call', async () => {
      const { orders, tools } = deskTools();
      const { client, wire } = await setUp([askCancel, chatCompletion({ content: 'never sent' })]);

      const pending = await pause(client, tools);

      expect(pending.conversationId).toBe('c1');
      expect(pending.calls).toEqual([
        {
          id: 'call_1',
          toolName: 'cancelOrder',
          arguments: '{"orderId":"A123"}',
          reason: "cancelOrder is marked approval: 'required'",
          token: expect.any(String) as string,
        },
      ]);
      expect(orders.get('A123')).toBe('open');
      expect(wire.requests).toHaveLength(1);
    });

    it('should run the approved call on resume and send the model every call answered once, in order', async () => {
      const { orders, tools } = deskTools();
      const { client, wire } = await setUp([askCancel, chatCompletion({ content: 'Cancelled A123; it is 12:00.' })]);
      const pending = await pause(client, tools);

      const answer = await client
        .prompt()
        .toolCallbacks(...tools)
        .resume('c1', [approveToolCall(pending.calls[0])])
        .call()
        .content();

      expect(answer).toBe('Cancelled A123; it is 12:00.');
      expect(orders.get('A123')).toBe('cancelled');
      const sent = wire.requests[1].messages;
      expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
      expect(sent.slice(2).map((m) => [m.tool_call_id, m.content])).toEqual([
        ['call_1', '"Order A123 cancelled"'],
        ['call_2', '"12:00"'],
      ]);
    });
  });

  describe('when the user declines', () => {
    it('should not run the tool and tell the model the user declined, and why', async () => {
      const { orders, tools } = deskTools();
      const { client, wire } = await setUp([askCancel, chatCompletion({ content: 'I kept the order.' })]);
      const pending = await pause(client, tools);

      await client
        .prompt()
        .toolCallbacks(...tools)
        .resume('c1', [rejectToolCall(pending.calls[0], 'customer changed their mind')])
        .call()
        .content();

      expect(orders.get('A123')).toBe('open');
      const declined = wire.requests[1].messages.find((m) => m.tool_call_id === 'call_1');
      expect(declined?.content).toBe(
        "The user declined to run tool 'cancelOrder'; it was not run. Reason: customer changed their mind",
      );
    });
  });

  describe('when the user approves with edited arguments', () => {
    it('should run the call with them, and the history carries them', async () => {
      const { orders, tools } = deskTools();
      const { client, wire } = await setUp([askCancel, chatCompletion({ content: 'Cancelled B456.' })]);
      const pending = await pause(client, tools);

      await client
        .prompt()
        .toolCallbacks(...tools)
        .resume('c1', [approveToolCall(pending.calls[0], { orderId: 'B456' })])
        .call()
        .content();

      expect([orders.get('A123'), orders.get('B456')]).toEqual(['open', 'cancelled']);
      expect(wire.requests[1].messages[1].tool_calls?.[0].function.arguments).toBe('{"orderId":"B456"}');
    });

    it('should refuse arguments the schema rejects, changing nothing, and accept a valid decision after', async () => {
      const { orders, tools } = deskTools();
      const { client } = await setUp([askCancel, chatCompletion({ content: 'Done.' })]);
      const pending = await pause(client, tools);

      const error = await rejectionOf(() =>
        client
          .prompt()
          .toolCallbacks(...tools)
          .resume('c1', [approveToolCall(pending.calls[0], { orderId: 'not an id' })])
          .call()
          .content(),
      );
      expect(InvalidToolArgumentsError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/edited arguments of tool 'cancelOrder' are not valid/);
      expect(orders.get('A123')).toBe('open');

      await client
        .prompt()
        .toolCallbacks(...tools)
        .resume('c1', [approveToolCall(pending.calls[0])])
        .call()
        .content();
      expect(orders.get('A123')).toBe('cancelled');
    });
  });

  describe('when decisions cannot be trusted', () => {
    it('should refuse a replayed decision: a pause is resumed once', async () => {
      const { orders, tools } = deskTools();
      const { client } = await setUp([askCancel, chatCompletion({ content: 'Done.' })]);
      const pending = await pause(client, tools);
      const decisions = [approveToolCall(pending.calls[0])];
      await client
        .prompt()
        .toolCallbacks(...tools)
        .resume('c1', decisions)
        .call()
        .content();
      orders.set('A123', 'open');

      const error = await rejectionOf(() =>
        client
          .prompt()
          .toolCallbacks(...tools)
          .resume('c1', decisions)
          .call()
          .content(),
      );

      expect(ToolApprovalNotFoundError.isInstance(error)).toBe(true);
      expect(orders.get('A123')).toBe('open');
    });

    it('should refuse a decision whose token was altered or belongs to another call', async () => {
      const { orders, tools } = deskTools();
      const { client } = await setUp([askCancel, chatCompletion({ content: 'Done.' })]);
      const pending = await pause(client, tools);
      const call = pending.calls[0];

      for (const decision of [
        { ...approveToolCall(call), token: `${call.token.slice(0, -2)}AA` },
        { ...approveToolCall(call), toolCallId: 'call_2' },
      ]) {
        const error = await rejectionOf(() =>
          client
            .prompt()
            .toolCallbacks(...tools)
            .resume('c1', [decision])
            .call()
            .content(),
        );
        expect(InvalidToolApprovalError.isInstance(error) && error.problem).toBe('mismatched');
      }
      const missing = await rejectionOf(() =>
        client
          .prompt()
          .toolCallbacks(...tools)
          .resume('c1', [])
          .call()
          .content(),
      );
      expect(InvalidToolApprovalError.isInstance(missing) && missing.problem).toBe('incomplete');
      expect(orders.get('A123')).toBe('open');
    });

    it('should refuse a stored turn that was tampered with', async () => {
      const repository = new InMemoryChatMemoryRepository();
      const store = new ToolApprovalStore({ repository });
      const { orders, tools } = deskTools();
      const { client } = await setUp([askCancel, chatCompletion({ content: 'Done.' })], store);
      const pending = await pause(client, tools);
      const key = 'c1:sprout-paused-turn';
      const stored = await repository.findByConversationId(key);
      const swapped = stored.map((m) =>
        m instanceof AssistantMessage && m.hasToolCalls()
          ? new AssistantMessage(m.text, [{ ...m.toolCalls[0], arguments: '{"orderId":"B456"}' }, m.toolCalls[1]])
          : m,
      );
      await repository.saveAll(key, swapped);

      const error = await rejectionOf(() =>
        client
          .prompt()
          .toolCallbacks(...tools)
          .resume('c1', [approveToolCall(pending.calls[0])])
          .call()
          .content(),
      );

      expect(InvalidToolApprovalError.isInstance(error) && error.problem).toBe('tampered');
      expect([orders.get('A123'), orders.get('B456')]).toEqual(['open', 'open']);
    });

    it('should refuse decisions after the approval expired (injected clock)', async () => {
      let now = Date.parse('2026-12-02T09:00:00Z');
      const store = new ToolApprovalStore({ timeToLiveMs: 60_000, clock: () => now });
      const { orders, tools } = deskTools();
      const { client } = await setUp([askCancel, chatCompletion({ content: 'Done.' })], store);
      const pending = await pause(client, tools);
      expect(pending.expiresAt).toBe('2026-12-02T09:01:00.000Z');
      now += 60_001;

      const error = await rejectionOf(() =>
        client
          .prompt()
          .toolCallbacks(...tools)
          .resume('c1', [approveToolCall(pending.calls[0])])
          .call()
          .content(),
      );

      expect(ToolApprovalExpiredError.isInstance(error)).toBe(true);
      expect(orders.get('A123')).toBe('open');
    });
  });

  describe('.stream', () => {
    it('should end the stream with pendingApproval, and resume in stream mode', async () => {
      const { orders, tools } = deskTools();
      const { client, wire } = await setUp([
        { sse: sseFromChatCompletion(askCancel) },
        { sse: sseFromChatCompletion(chatCompletion({ content: 'Cancelled.' })) },
      ]);
      const chunks = [];
      for await (const chunk of client
        .prompt('Cancel A123, and what time is it?')
        .toolCallbacks(...tools)
        .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c1'))
        .stream()
        .chatResponse()) {
        chunks.push(chunk);
      }
      const pending = chunks.at(-1)?.metadata.pendingApproval as PendingApproval;
      expect(pending.calls.map((c) => c.toolName)).toEqual(['cancelOrder']);
      expect(orders.get('A123')).toBe('open');

      let text = '';
      for await (const piece of client
        .prompt()
        .toolCallbacks(...tools)
        .resume('c1', [approveToolCall(pending.calls[0])])
        .stream()
        .content()) {
        text += piece;
      }
      expect(text).toBe('Cancelled.');
      expect(orders.get('A123')).toBe('cancelled');
      expect(wire.requests[1].messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
    });
  });

  describe('with chat memory outside the loop', () => {
    it('should store nothing while paused, and the whole turn once resumed and answered', async () => {
      const { tools } = deskTools();
      const { client } = await setUp([askCancel, chatCompletion({ content: 'Cancelled A123.' })]);
      const chatMemory = MessageWindowChatMemory.builder().build();
      const memory = MessageChatMemoryAdvisor.builder(chatMemory).build();
      const pending = await (async () => {
        const response = await client
          .prompt('Cancel A123, and what time is it?')
          .toolCallbacks(...tools)
          .advisors(memory)
          .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c1'))
          .call()
          .chatResponse();
        return response?.metadata.pendingApproval as PendingApproval;
      })();
      expect(await chatMemory.get('c1')).toEqual([]);

      await client
        .prompt()
        .toolCallbacks(...tools)
        .advisors(memory)
        .resume('c1', [approveToolCall(pending.calls[0])])
        .call()
        .content();

      expect((await chatMemory.get('c1')).map((m) => [m.messageType, 'text' in m ? m.text : ''])).toEqual([
        ['user', 'Cancel A123, and what time is it?'],
        ['assistant', 'Cancelled A123.'],
      ]);
    });
  });

  describe('with call limits', () => {
    it('should count the paused call once: a limit of one call lets it run on resume', async () => {
      const { orders, tools } = deskTools();
      server = await OpenAiWireServer.start({ script: [askCancel, chatCompletion({ content: 'Done.' })] });
      const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 });
      const manager = DefaultToolCallingManager.builder().maxCallsPerTool('cancelOrder', 1).build();
      const client = ChatClient.create(model, {
        toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolCallingManager(manager),
      });
      const pending = await pause(client, tools);

      await client
        .prompt()
        .toolCallbacks(...tools)
        .resume('c1', [approveToolCall(pending.calls[0])])
        .call()
        .content();

      expect(orders.get('A123')).toBe('cancelled');
      expect(server.requests[1].messages.find((m) => m.tool_call_id === 'call_1')?.content).toBe(
        '"Order A123 cancelled"',
      );
    });
  });

  describe('with chat memory inside the loop', () => {
    it('should store the whole turn, tool calls and results included, once resumed and answered', async () => {
      const { tools } = deskTools();
      const { client } = await setUp([askCancel, chatCompletion({ content: 'Cancelled A123.' })]);
      const chatMemory = MessageWindowChatMemory.builder().build();
      const memory = MessageChatMemoryAdvisor.builder(chatMemory)
        .order(ToolCallingAdvisor.DEFAULT_ORDER + 1)
        .build();
      const response = await client
        .prompt('Cancel A123, and what time is it?')
        .toolCallbacks(...tools)
        .advisors(memory)
        .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c1'))
        .call()
        .chatResponse();
      const pending = response?.metadata.pendingApproval as PendingApproval;
      expect(await chatMemory.get('c1')).toEqual([]);

      await client
        .prompt()
        .toolCallbacks(...tools)
        .advisors(memory)
        .resume('c1', [approveToolCall(pending.calls[0])])
        .call()
        .content();

      const stored = await chatMemory.get('c1');
      expect(stored.map((m) => m.messageType)).toEqual(['user', 'assistant', 'tool', 'assistant']);
      const results = stored[2] as ToolResponseMessage;
      expect(results.responses.map((r) => r.id)).toEqual(['call_1', 'call_2']);
    });
  });
});
