import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';
import { declareOrderTools } from './__fixtures__/tools';
import { ChatClient } from './chat-client';

describe(ChatClient, () => {
  const OrderTools = declareOrderTools();
  describe('.call', () => {
    describe('when talking to an OpenAI-compatible server over HTTP', () => {
      let server: OpenAiWireServer | undefined;

      afterEach(async () => {
        await server?.close();
      });

      it('should send the assistant tool call and the tool result in the follow-up request', async () => {
        server = await OpenAiWireServer.start({
          script: [
            chatCompletion({
              toolCalls: [{ id: 'call_abc', name: 'getOrderStatus', arguments: { orderId: 'A123' } }],
              usage: { promptTokens: 20, completionTokens: 5 },
            }),
            chatCompletion({ content: 'Order A123 has shipped.', usage: { promptTokens: 30, completionTokens: 7 } }),
          ],
        });
        const tools = new OrderTools();
        const model = new OpenAiChatModel({
          baseUrl: server.baseUrl,
          apiKey: 'test-key',
          defaultOptions: { model: 'gpt-4o-mini' },
          maxRetries: 0,
        });
        const client = ChatClient.builder(model).defaultSystem('You are the order desk.').build();

        const response = await client
          .prompt('Where is order A123?')
          .tools(tools)
          .toolContext({ customerId: 'c-42' })
          .call()
          .chatResponse();

        expect(response?.result?.output.text).toBe('Order A123 has shipped.');
        expect(response?.metadata.usage).toEqual({ promptTokens: 50, completionTokens: 12, totalTokens: 62 });
        expect(tools.seenCustomers).toEqual(['c-42']);
        expect(server.requests).toHaveLength(2);
        expect(server.requests[0].tools?.map((t) => t.function.name)).toEqual(['getOrderStatus']);
        const [system, user, assistant, tool] = server.requests[1].messages;
        expect(system).toMatchObject({ role: 'system', content: 'You are the order desk.' });
        expect(user).toMatchObject({ role: 'user', content: 'Where is order A123?' });
        expect(assistant).toMatchObject({
          role: 'assistant',
          tool_calls: [
            { id: 'call_abc', type: 'function', function: { name: 'getOrderStatus', arguments: '{"orderId":"A123"}' } },
          ],
        });
        expect(tool).toEqual({ role: 'tool', tool_call_id: 'call_abc', content: '"Order A123 has shipped"' });
        expect(server.requests[1].messages).toHaveLength(4);
        expect(JSON.stringify(server.requests)).not.toContain('c-42');
      });

      it('should send a forced tool_choice only on the first request of the turn (07-forced-tool-choice)', async () => {
        server = await OpenAiWireServer.start({
          handler: (body) =>
            typeof body.tool_choice === 'object' || body.tool_choice === 'required'
              ? chatCompletion({ toolCalls: [{ name: 'getOrderStatus', arguments: { orderId: 'A1' } }] })
              : chatCompletion({ content: 'A1 has shipped.' }),
        });
        const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 });
        const forced = { type: 'function', function: { name: 'getOrderStatus' } } as const;

        const answer = await ChatClient.create(model)
          .prompt('Where is A1?')
          .tools(new OrderTools())
          .toolContext({ customerId: 'c-1' })
          .options({ toolChoice: forced })
          .call()
          .content();

        expect(answer).toBe('A1 has shipped.');
        expect(server.requests.map((r) => r.tool_choice)).toEqual([forced, 'auto']);
      });
    });
  });
});
