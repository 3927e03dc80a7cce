import { CHAT_MEMORY_CONVERSATION_ID, FunctionToolCallback, type PendingApproval } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';
import { ToolSearchToolCallingAdvisor } from '../advisor/tool-search/tool-search-tool-calling-advisor';
import { ChatClient } from '../chat-client';
import { approveToolCall } from './tool-approval-decision';

describe('approval with tool search', () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('should pause a tool found by search that needs approval, and run it once resumed', async () => {
    server = await OpenAiWireServer.start({
      script: [
        chatCompletion({ toolCalls: [{ name: 'toolSearchTool', arguments: { query: 'cancel an order' } }] }),
        chatCompletion({ toolCalls: [{ id: 'call_9', name: 'cancelOrder', arguments: { orderId: 'A1' } }] }),
        chatCompletion({ content: 'Order A1 is cancelled.' }),
      ],
    });
    const cancelled: string[] = [];
    const cancelOrder = FunctionToolCallback.builder('cancelOrder', (input: { orderId: string }) => {
      cancelled.push(input.orderId);
      return 'cancelled';
    })
      .description('Cancel an order that has not shipped yet')
      .inputSchema({ type: 'object', properties: { orderId: { type: 'string' } } })
      .toolMetadata({ returnDirect: false, approval: 'required' })
      .build();
    const getWeather = FunctionToolCallback.builder('getWeather', () => 'sunny')
      .description('Current weather for a city')
      .build();
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 });
    const client = ChatClient.builder(model)
      .toolCallingAdvisorBuilder(ToolSearchToolCallingAdvisor.builder())
      .defaultTools(cancelOrder, getWeather)
      .build();

    const response = await client
      .prompt('Please cancel A1')
      .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 's1'))
      .call()
      .chatResponse();
    const pending = response?.metadata.pendingApproval as PendingApproval;
    expect(pending.calls.map((c) => [c.id, c.toolName])).toEqual([['call_9', 'cancelOrder']]);
    expect(cancelled).toEqual([]);

    const answer = await client
      .prompt()
      .resume('s1', [approveToolCall(pending.calls[0])])
      .call()
      .content();

    expect(answer).toBe('Order A1 is cancelled.');
    expect(cancelled).toEqual(['A1']);
    const sent = server.requests[2];
    expect(sent.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toHaveLength(2);
  });
});
