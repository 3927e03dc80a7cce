import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AssistantMessage,
  DefaultToolCallingManager,
  FunctionToolCallback,
  Prompt,
  ConfigurationError,
  EmptyPromptError,
  InvalidToolSchemaError,
  StaticToolCallbackResolver,
  SystemMessage,
  ToolResponseMessage,
  UserMessage,
  type ToolCallback,
} from '@sprout-ai/core';
import OpenAI from 'openai';
import { chatCompletion, errorOf } from '@sprout-ai/test';
import doubleEncodedArguments from './__fixtures__/03-double-encoded-arguments.json';
import emptyToolCallId from './__fixtures__/08-empty-tool-call-id.json';
import { OpenAiApiError } from './openai-api-error';
import { wireModels } from './__fixtures__/wire-model';
import { OpenAiChatModel } from './openai-chat-model';
import type { OpenAiChatOptions } from './openai-chat-options';

const ORDER_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { orderId: { type: 'string' } },
  required: ['orderId'],
  additionalProperties: false,
};

/** Types an options literal (Prompt takes ChatOptions, which has no tool fields). */
function options(o: OpenAiChatOptions): OpenAiChatOptions {
  return o;
}

function orderTool(name = 'getOrderStatus'): ToolCallback {
  return FunctionToolCallback.builder(name, () => 'shipped')
    .description('Status of an order')
    .inputSchema(JSON.stringify(ORDER_SCHEMA))
    .build();
}

describe(OpenAiChatModel, () => {
  const modelWith = wireModels();

  describe('constructor', () => {
    it('should append /v1 to a base URL without a path and keep one that has a path', () => {
      expect(new OpenAiChatModel({ baseUrl: 'http://localhost:11434' }).baseUrl).toBe('http://localhost:11434/v1');
      expect(new OpenAiChatModel({ baseUrl: 'http://localhost:11434/v1' }).baseUrl).toBe('http://localhost:11434/v1');
      expect(new OpenAiChatModel().baseUrl).toBe('https://api.openai.com/v1');
    });

    it('should default the model to gpt-4o-mini', () => {
      expect(new OpenAiChatModel().defaultOptions.model).toBe('gpt-4o-mini');
    });

    it('should reject a base URL that is not an absolute http(s) URL', () => {
      expect(() => new OpenAiChatModel({ baseUrl: 'localhost:11434' })).toThrow(
        "spring.ai.openai.base-url 'localhost:11434' is not an absolute http(s) URL.",
      );
    });
  });

  describe('.call', () => {
    describe("when the model refuses (message.refusal, content null — the shape of OpenAI's refusal docs)", () => {
      it('should answer with the refusal as the text and keep it in the metadata', async () => {
        const base = chatCompletion({ content: 'x' });
        const refusal = "I'm sorry, I cannot assist with that request.";
        const refused = {
          ...base,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: null, refusal } }],
        };
        const { model } = await modelWith([refused]);

        const response = await model.call(new Prompt('how do I pick a lock?'));

        expect(response.result?.output.text).toBe(refusal);
        expect(response.result?.output.metadata).toMatchObject({ refusal });
      });
    });

    describe('when mapping options', () => {
      it('should layer prompt options over default options and send them in snake_case', async () => {
        const { model, wire } = await modelWith([chatCompletion({ content: 'ok' })], {
          defaultOptions: { model: 'default-model', temperature: 0.1, maxTokens: 100 },
        });

        await model.call(new Prompt('hi', { temperature: 0.7, topP: 0.9, stopSequences: ['END'] }));

        expect(wire.requests[0]).toEqual({
          model: 'default-model',
          messages: [{ role: 'user', content: 'hi' }],
          temperature: 0.7,
          max_tokens: 100,
          top_p: 0.9,
          stop: ['END'],
        });
      });

      it('should send gpt-4o-mini when no model is configured and honour a prompt model', async () => {
        const { model, wire } = await modelWith([chatCompletion(), chatCompletion()]);

        await model.call(new Prompt('a'));
        await model.call(new Prompt('b', { model: 'llama3.2' }));

        expect(wire.requests.map((r) => r.model)).toEqual(['gpt-4o-mini', 'llama3.2']);
      });
      it('should send the OpenAI-only options, and parallel_tool_calls only with tools', async () => {
        const { model, wire } = await modelWith([chatCompletion(), chatCompletion()], {
          defaultOptions: {
            maxCompletionTokens: 500,
            frequencyPenalty: 0.5,
            presencePenalty: -0.5,
            seed: 7,
            user: 'u-1',
            parallelToolCalls: false,
          },
        });

        await model.call(new Prompt('no tools'));
        await model.call(new Prompt('tools', options({ toolCallbacks: [orderTool()] })));

        const expected = {
          max_completion_tokens: 500,
          frequency_penalty: 0.5,
          presence_penalty: -0.5,
          seed: 7,
          user: 'u-1',
        };
        expect(wire.requests[0]).toMatchObject(expected);
        expect(wire.requests[0]).not.toHaveProperty('parallel_tool_calls');
        expect(wire.requests[1]).toMatchObject({ ...expected, parallel_tool_calls: false });
      });

      it('should send the API key as a bearer token', async () => {
        const { model, wire } = await modelWith([chatCompletion()]);

        await model.call(new Prompt('hi'));

        expect(wire.recordedRequests[0].headers.authorization).toBe('Bearer sk-test');
      });

      it('should use a given client as it is', async () => {
        const { wire } = await modelWith([chatCompletion({ content: 'via client' })]);
        const client = new OpenAI({ baseURL: wire.baseUrl, apiKey: 'sk-client', maxRetries: 0 });
        const model = new OpenAiChatModel({ client, baseUrl: 'http://ignored.invalid' });

        const response = await model.call(new Prompt('hi'));

        expect(model.baseUrl).toBe(wire.baseUrl);
        expect(response.result?.output.text).toBe('via client');
        expect(wire.recordedRequests[0].headers.authorization).toBe('Bearer sk-client');
      });

      it('should turn the errors of a given client into OpenAiApiError', async () => {
        const { wire } = await modelWith([{ status: 401, body: { error: { message: 'Bad key.' } } }]);
        const client = new OpenAI({ baseURL: wire.baseUrl, apiKey: 'sk-client', maxRetries: 0 });
        const model = new OpenAiChatModel({ client });

        const error = await errorOf(model.call(new Prompt('hi')), OpenAiApiError);

        expect(error).toMatchObject({
          status: 401,
          message: expect.stringContaining('answered 401 Unauthorized: Bad key'),
        });
      });
    });

    describe('when mapping messages', () => {
      it('should send every role, replaying an assistant message with text and tool calls', async () => {
        const { model, wire } = await modelWith([chatCompletion({ content: 'Both are shipped.' })]);
        const history = [
          new SystemMessage('You are a support agent.'),
          new UserMessage('Status of A1 and B2?'),
          new AssistantMessage('Let me check.', [
            { id: 'call_a', type: 'function', name: 'getOrderStatus', arguments: '{"orderId":"A1"}' },
            { id: 'call_b', type: 'function', name: 'getOrderStatus', arguments: '{"orderId":"B2"}' },
          ]),
          new ToolResponseMessage([
            { id: 'call_a', name: 'getOrderStatus', responseData: '"shipped"' },
            { id: 'call_b', name: 'getOrderStatus', responseData: '"delivered"' },
          ]),
          new AssistantMessage('Anything else?'),
          new UserMessage('No, thanks'),
        ];

        await model.call(new Prompt(history));

        expect(wire.requests[0].messages).toEqual([
          { role: 'system', content: 'You are a support agent.' },
          { role: 'user', content: 'Status of A1 and B2?' },
          {
            role: 'assistant',
            content: 'Let me check.',
            tool_calls: [
              { id: 'call_a', type: 'function', function: { name: 'getOrderStatus', arguments: '{"orderId":"A1"}' } },
              { id: 'call_b', type: 'function', function: { name: 'getOrderStatus', arguments: '{"orderId":"B2"}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'call_a', content: '"shipped"' },
          { role: 'tool', tool_call_id: 'call_b', content: '"delivered"' },
          { role: 'assistant', content: 'Anything else?' },
          { role: 'user', content: 'No, thanks' },
        ]);
      });

      it('should leave out a blank system message (the tool loop inserts one when history is disabled)', async () => {
        const { model, wire } = await modelWith([chatCompletion()]);

        await model.call(new Prompt([new SystemMessage('  '), new UserMessage('hi')]));

        expect(wire.requests[0].messages).toEqual([{ role: 'user', content: 'hi' }]);
      });

      it('should send no request for a prompt with nothing to send, on .call() and .stream()', async () => {
        const { model, wire } = await modelWith([chatCompletion(), chatCompletion(), chatCompletion()]);
        const drain = async (prompt: Prompt) => {
          for await (const _chunk of model.stream(prompt));
        };

        for (const prompt of [new Prompt([]), new Prompt([new SystemMessage(' ')])]) {
          await expect(model.call(prompt)).rejects.toThrow(EmptyPromptError);
          await expect(drain(prompt)).rejects.toThrow(/no message to send/);
        }
        expect(wire.requests).toHaveLength(0);
      });

      it("should send '' (never null) as the content of an assistant message with only tool calls", async () => {
        const { model, wire } = await modelWith([chatCompletion()]);
        const call = { id: 'call_1', type: 'function', name: 'listProjects', arguments: '{}' };

        await model.call(new Prompt([new UserMessage('list'), new AssistantMessage('', [call])]));

        expect(wire.requests[0].messages[1]).toMatchObject({ role: 'assistant', content: '' });
      });

      it('should replay blank tool-call arguments as {}', async () => {
        const { model, wire } = await modelWith([chatCompletion()]);
        const call = { id: 'call_1', type: 'function', name: 'listProjects', arguments: '  ' };

        await model.call(new Prompt([new UserMessage('list'), new AssistantMessage('', [call])]));

        expect(wire.requests[0].messages[1].tool_calls?.[0].function.arguments).toBe('{}');
      });
    });

    describe('when tools are given', () => {
      it('should send their definitions without $schema, and the tool choice', async () => {
        const { model, wire } = await modelWith([chatCompletion()]);
        const toolChoice = { type: 'function', function: { name: 'getOrderStatus' } } as const;

        await model.call(new Prompt('hi', options({ toolCallbacks: [orderTool()], toolChoice })));

        const { $schema: _ignored, ...parameters } = ORDER_SCHEMA;
        expect(wire.requests[0].tools).toEqual([
          { type: 'function', function: { name: 'getOrderStatus', description: 'Status of an order', parameters } },
        ]);
        expect(wire.requests[0].tool_choice).toEqual(toolChoice);
      });

      it('should use the default tools when the prompt has none, and replace them when it has some', async () => {
        const { model, wire } = await modelWith([chatCompletion(), chatCompletion()], {
          defaultOptions: { toolCallbacks: [orderTool('defaultTool')] },
        });

        await model.call(new Prompt('a'));
        await model.call(new Prompt('b', options({ toolCallbacks: [orderTool('runtimeTool')] })));

        expect(wire.requests.map((r) => r.tools?.map((t) => t.function.name))).toEqual([
          ['defaultTool'],
          ['runtimeTool'],
        ]);
      });

      it('should resolve tool names through the toolCallingManager', async () => {
        const manager = DefaultToolCallingManager.builder()
          .toolCallbackResolver(new StaticToolCallbackResolver([orderTool('resolvedByName')]))
          .build();
        const { model, wire } = await modelWith([chatCompletion()], { toolCallingManager: manager });

        await model.call(new Prompt('hi', options({ toolNames: ['resolvedByName'] })));

        expect(wire.requests[0].tools?.map((t) => t.function.name)).toEqual(['resolvedByName']);
      });

      it('should reject tool names when there is no toolCallingManager to resolve them', async () => {
        const { model, wire } = await modelWith([chatCompletion()]);

        const call = model.call(new Prompt('hi', options({ toolNames: ['getOrderStatus'] })));

        const error = await errorOf(call, ConfigurationError);
        expect(error.setting).toBe('OpenAiChatModel toolCallingManager');
        expect(error.message).toContain(
          'The request names tools [getOrderStatus] but OpenAiChatModel has no toolCallingManager',
        );
        expect(wire.requests).toHaveLength(0);
      });

      it('should reject a tool whose input schema is not a JSON object, naming the tool', async () => {
        const { model } = await modelWith([chatCompletion()]);
        const broken: ToolCallback = {
          ...orderTool(),
          toolDefinition: { name: 'broken', description: '', inputSchema: '[]' },
        };

        const call = model.call(new Prompt('hi', options({ toolCallbacks: [broken] })));

        const error = await errorOf(call, InvalidToolSchemaError);
        expect(error.toolName).toBe('broken');
        expect(error.message).toBe(
          "The inputSchema of tool 'broken' is not a JSON object. It must be JSON Schema object text, " +
            'e.g. {"type":"object","properties":{}}; regenerate the tool schemas.',
        );
      });
    });

    describe('when no tools are given', () => {
      it('should send neither tools nor tool_choice', async () => {
        const { model, wire } = await modelWith([chatCompletion()]);

        await model.call(new Prompt('hi', { toolChoice: 'required' }));

        expect(wire.requests[0]).not.toHaveProperty('tools');
        expect(wire.requests[0]).not.toHaveProperty('tool_choice');
      });
    });

    describe('when parsing the response', () => {
      it('should return the text, finish reason, id, model and usage', async () => {
        const { model } = await modelWith([
          chatCompletion({
            id: 'chatcmpl-42',
            model: 'gpt-4o-mini-2024-07-18',
            content: 'Your order has shipped.',
            usage: { promptTokens: 20, completionTokens: 6, totalTokens: 26 },
          }),
        ]);

        const response = await model.call(new Prompt('Where is my order?'));

        expect(response.results).toHaveLength(1);
        expect(response.result?.output.text).toBe('Your order has shipped.');
        expect(response.result?.output.hasToolCalls()).toBe(false);
        expect(response.result?.metadata.finishReason).toBe('stop');
        expect(response.metadata).toMatchObject({
          id: 'chatcmpl-42',
          model: 'gpt-4o-mini-2024-07-18',
          usage: { promptTokens: 20, completionTokens: 6, totalTokens: 26 },
        });
      });

      it('should report the cached prompt tokens as cacheReadInputTokens', async () => {
        const completion = chatCompletion({ content: 'ok', usage: { promptTokens: 2006, completionTokens: 300 } });
        const { model } = await modelWith([
          { ...completion, usage: { ...completion.usage!, prompt_tokens_details: { cached_tokens: 1920 } } },
        ]);

        const response = await model.call(new Prompt('hi'));

        expect(response.metadata.usage).toEqual({
          promptTokens: 2006,
          completionTokens: 300,
          totalTokens: 2306,
          cacheReadInputTokens: 1920,
        });
      });

      it("should return tool calls with '' as text when the content is null", async () => {
        const { model } = await modelWith([
          chatCompletion({
            toolCalls: [
              { id: 'call_1', name: 'getOrderStatus', arguments: '{"orderId":"A1"}' },
              { id: 'call_2', name: 'getOrderStatus', arguments: '{"orderId":"B2"}' },
            ],
          }),
        ]);

        const response = await model.call(new Prompt('hi'));

        expect(response.hasToolCalls()).toBe(true);
        expect(response.result?.output.text).toBe('');
        expect(response.result?.output.toolCalls).toEqual([
          { id: 'call_1', type: 'function', name: 'getOrderStatus', arguments: '{"orderId":"A1"}' },
          { id: 'call_2', type: 'function', name: 'getOrderStatus', arguments: '{"orderId":"B2"}' },
        ]);
        expect(response.result?.metadata.finishReason).toBe('tool_calls');
      });

      it('should return one generation per choice', async () => {
        const two = chatCompletion({ content: 'first' });
        const second = { ...two.choices[0], index: 1, message: { role: 'assistant', content: 'second' } };
        const { model } = await modelWith([{ ...two, choices: [two.choices[0], second] }]);

        const response = await model.call(new Prompt('hi'));

        expect(response.results.map((g) => g.output.text)).toEqual(['first', 'second']);
      });

      it('should map the blank and missing ids of 08-empty-tool-call-id as blank (the loop synthesizes them)', async () => {
        const { model } = await modelWith([emptyToolCallId]);

        const response = await model.call(new Prompt('Latest version?'));

        const calls = response.result?.output.toolCalls ?? [];
        expect(calls.map((c) => c.arguments)).toEqual(['{}', '{"channel":"beta"}']);
        expect(calls.map((c) => c.id)).toEqual(['', '']);
      });

      it('should replay the synthesized ids of 08-empty-tool-call-id so each tool message pairs with its call', async () => {
        const { model, wire } = await modelWith([emptyToolCallId, chatCompletion({ content: '2.1.0' })]);
        const first = await model.call(new Prompt('Latest version?'));
        const answer = first.result?.output;
        if (answer === undefined) throw new Error('the first call gave no answer');
        const calls = answer.toolCalls;

        await model.call(
          new Prompt([
            new UserMessage('Latest version?'),
            answer,
            new ToolResponseMessage(calls.map((c) => ({ id: c.id, name: c.name, responseData: '"2.1.0"' }))),
          ]),
        );

        const [, assistant, ...toolMessages] = wire.requests[1].messages;
        expect(toolMessages.map((m) => m.tool_call_id)).toEqual(assistant.tool_calls?.map((c) => c.id));
        expect(new Set(toolMessages.map((m) => m.tool_call_id)).size).toBe(2);
      });

      it('should turn object arguments into JSON text (03-double-encoded-arguments tool_call_b)', async () => {
        const { model } = await modelWith([doubleEncodedArguments]);

        const response = await model.call(new Prompt('Forecast for 370100?'));

        expect(response.result?.output.toolCalls).toEqual([
          // tool_call_a keeps its text as sent: repairing it is the tool executor's job.
          { id: 'call_2', type: 'function', name: 'getForecast', arguments: '"{\\"districtId\\": \\"370100\\"}"' },
          { id: 'call_3', type: 'function', name: 'getForecast', arguments: '{"districtId":"370100"}' },
        ]);
      });

      it("should read missing arguments as '' and drop calls without a name", async () => {
        const completion = chatCompletion({ toolCalls: [{ id: 'x', name: 'placeholder' }] });
        const message = {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'listProjects', arguments: null } },
            { id: 'call_2', type: 'function', function: { arguments: '{}' } },
            { id: 'call_3', type: 'function', function: { name: 'listProjects' } },
          ],
        };
        const { model } = await modelWith([{ ...completion, choices: [{ ...completion.choices[0], message }] }]);

        const response = await model.call(new Prompt('projects?'));

        expect(response.result?.output.toolCalls).toEqual([
          { id: 'call_1', type: 'function', name: 'listProjects', arguments: '' },
          { id: 'call_3', type: 'function', name: 'listProjects', arguments: '' },
        ]);
      });

      it('should reject an answer that is not a chat completion, pointing at the base URL', async () => {
        const { model, wire } = await modelWith([
          { status: 200, body: '<html>Welcome to nginx!</html>', headers: { 'content-type': 'text/html' } },
        ]);

        const call = model.call(new Prompt('hi'));

        await expect(call).rejects.toBeInstanceOf(OpenAiApiError);
        await expect(call).rejects.toThrow(
          `OpenAI-compatible endpoint ${wire.baseUrl} answered with something that is not a chat completion ` +
            "(no choices array): '<html>Welcome to nginx!</html>'. Check spring.ai.openai.base-url.",
        );
      });
    });

    describe('when the endpoint answers an error status', () => {
      it('should reject with OpenAiApiError naming the endpoint, the answer and the api-key property on 401', async () => {
        const { model, wire } = await modelWith([
          {
            status: 401,
            body: {
              error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
            },
          },
        ]);

        const error = await errorOf(model.call(new Prompt('hi')), OpenAiApiError);

        expect(error).toMatchObject({
          status: 401,
          code: 'invalid_api_key',
          baseUrl: wire.baseUrl,
          model: 'gpt-4o-mini',
          message:
            `OpenAI-compatible endpoint ${wire.baseUrl} answered 401 Unauthorized: Incorrect API key provided. ` +
            'Check spring.ai.openai.api-key (or SPRING_AI_OPENAI_API_KEY / OPENAI_API_KEY).',
        });
      });

      it('should name the model on 404', async () => {
        const { model, wire } = await modelWith(
          [{ status: 404, body: { error: { message: "model 'llama9' not found", type: 'not_found_error' } } }],
          { defaultOptions: { model: 'llama9' } },
        );

        await expect(model.call(new Prompt('hi'))).rejects.toThrow(
          `OpenAI-compatible endpoint ${wire.baseUrl} answered 404 Not Found: model 'llama9' not found. ` +
            "Check spring.ai.openai.base-url. Also check the model name 'llama9' (spring.ai.openai.chat.options.model).",
        );
      });
    });

    describe('when the endpoint is unreachable', () => {
      it('should reject with OpenAiApiError saying so, with the connection error and the base-url property', async () => {
        const port = await closedPort();
        const baseUrl = `http://127.0.0.1:${port}/v1`;
        const model = new OpenAiChatModel({ baseUrl, apiKey: 'sk-test', maxRetries: 0 });

        const error = await errorOf(model.call(new Prompt('hi')), OpenAiApiError);

        expect(error).toMatchObject({
          status: undefined,
          baseUrl,
          message:
            `OpenAI-compatible endpoint ${baseUrl} is unreachable (connect ECONNREFUSED 127.0.0.1:${port}). ` +
            'Check spring.ai.openai.base-url.',
        });
      });
    });

    describe('when the endpoint does not answer in time', () => {
      it('should reject with OpenAiApiError naming the timeout', async () => {
        let release: () => void = () => undefined;
        const answered = new Promise<void>((resolve) => (release = resolve));
        const { model, wire } = await modelWith(
          [
            async () => {
              await answered;
              return chatCompletion();
            },
          ],
          { timeoutMs: 100 },
        );

        const call = model.call(new Prompt('hi'));

        await expect(call).rejects.toThrow(
          `OpenAI-compatible endpoint ${wire.baseUrl} did not answer within 100 ms. Check spring.ai.openai.base-url. Or raise timeoutMs.`,
        );
        release();
      });
    });
  });
});

/** A port on 127.0.0.1 that nothing listens on (bound once, then released). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
