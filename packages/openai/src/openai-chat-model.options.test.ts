import { FunctionToolCallback, Prompt } from '@sprout-ai/core';
import { chatCompletion } from '@sprout-ai/test';
import { wireModels } from './__fixtures__/wire-model';
import { OpenAiChatModel } from './openai-chat-model';
import type { OpenAiChatOptions } from './openai-chat-options';

const OK = chatCompletion({ content: 'ok' });

/** A prompt with OpenAI options, a superset of ChatOptions the model reads. */
function prompt(options: OpenAiChatOptions): Prompt {
  return new Prompt('Where is A123?', options);
}

const orderTool = FunctionToolCallback.builder('getOrderStatus', () => 'shipped')
  .description('Status of an order')
  .inputSchema(JSON.stringify({ type: 'object', properties: { orderId: { type: 'string' } } }))
  .build();

const ORDER_ANSWER = {
  type: 'object',
  properties: { status: { type: 'string' } },
  required: ['status'],
  additionalProperties: false,
};

describe(OpenAiChatModel, () => {
  const modelWith = wireModels();

  describe('.call with the OpenAI options (spring.ai.openai.chat.options.*)', () => {
    it('should send every default option in the request body', async () => {
      const { model, wire } = await modelWith([OK], {
        defaultOptions: {
          model: 'gpt-test',
          topP: 0.9,
          frequencyPenalty: 0.5,
          presencePenalty: -0.5,
          stopSequences: ['END', '###'],
          seed: 42,
          user: 'u7',
          parallelToolCalls: false,
          toolChoice: 'required',
          responseFormat: { type: 'json_object' },
          toolCallbacks: [orderTool],
        },
      });

      await model.call(new Prompt('Where is A123?'));

      expect(wire.requests[0]).toMatchObject({
        model: 'gpt-test',
        top_p: 0.9,
        frequency_penalty: 0.5,
        presence_penalty: -0.5,
        stop: ['END', '###'],
        seed: 42,
        user: 'u7',
        parallel_tool_calls: false,
        tool_choice: 'required',
        response_format: { type: 'json_object' },
      });
    });

    it("should let a request's options win over the defaults, field by field", async () => {
      const { model, wire } = await modelWith([OK], {
        defaultOptions: { topP: 0.9, seed: 42, user: 'u7', responseFormat: { type: 'json_object' } },
      });

      await model.call(
        prompt({
          seed: 7,
          toolChoice: { type: 'function', function: { name: 'getOrderStatus' } },
          toolCallbacks: [orderTool],
          responseFormat: {
            type: 'json_schema',
            jsonSchema: { name: 'OrderAnswer', schema: ORDER_ANSWER, strict: true },
          },
        }),
      );

      expect(wire.requests[0]).toMatchObject({
        top_p: 0.9,
        seed: 7,
        user: 'u7',
        tool_choice: { type: 'function', function: { name: 'getOrderStatus' } },
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'OrderAnswer', schema: ORDER_ANSWER, strict: true },
        },
      });
    });

    it('should leave options that are not set out of the body', async () => {
      const { model, wire } = await modelWith([OK]);

      await model.call(new Prompt('Hi'));

      expect(Object.keys(wire.requests[0]).sort()).toEqual(['messages', 'model']);
    });
  });

  describe('.call with HTTP headers, organization and project', () => {
    it('should send httpHeaders of the defaults and the request (the request winning) and the OpenAI ids', async () => {
      const { model, wire } = await modelWith([OK, OK], {
        organization: 'org-sprout',
        project: 'proj_orders',
        defaultOptions: { httpHeaders: { 'X-Tenant': 'shop-7', 'X-Trace': 'default' } },
      });

      await model.call(prompt({ httpHeaders: { 'X-Trace': 'turn-1' } }));
      await model.call(new Prompt('again'));

      const [first, second] = wire.recordedRequests.map((request) => request.headers);
      expect(first).toMatchObject({
        'x-tenant': 'shop-7',
        'x-trace': 'turn-1',
        'openai-organization': 'org-sprout',
        'openai-project': 'proj_orders',
      });
      expect(second).toMatchObject({ 'x-tenant': 'shop-7', 'x-trace': 'default' });
      expect(JSON.stringify(wire.requests[0])).not.toContain('shop-7');
    });

    it('should send the request headers on a stream too', async () => {
      const { model, wire } = await modelWith([OK]);

      for await (const chunk of model.stream(prompt({ httpHeaders: { 'X-Tenant': 'shop-9' } }))) void chunk;

      expect(wire.recordedRequests[0].headers['x-tenant']).toBe('shop-9');
    });
  });
});
