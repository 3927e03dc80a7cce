import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AssistantMessage,
  ConfigurationError,
  EmptyPromptError,
  FunctionToolCallback,
  InvalidToolSchemaError,
  Prompt,
  SystemMessage,
  ToolResponseMessage,
  UserMessage,
  type ToolCallback,
  type ToolChoice,
} from '@sprout-ai/core';
import { anthropicMessage, errorOf } from '@sprout-ai/test';
import { messageFixture, wireModels } from './__fixtures__/wire-model';
import { AnthropicApiError } from './anthropic-api-error';
import { AnthropicChatModel } from './anthropic-chat-model';
import type { AnthropicChatOptions } from './anthropic-chat-options';
import { DEFAULT_ANTHROPIC_MAX_TOKENS, DEFAULT_ANTHROPIC_MODEL } from './anthropic-defaults';
import { UNANSWERED_TOOL_USE_CONTENT } from './pair-tool-results';

const ORDER_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { orderId: { type: 'string' } },
  required: ['orderId'],
  additionalProperties: false,
};

/** Types an options literal (Prompt takes ChatOptions, which has no tool fields). */
function options(o: AnthropicChatOptions): AnthropicChatOptions {
  return o;
}

function orderTool(name = 'getOrderStatus'): ToolCallback {
  return FunctionToolCallback.builder(name, () => 'shipped')
    .description('Status of an order')
    .inputSchema(JSON.stringify(ORDER_SCHEMA))
    .build();
}

describe(AnthropicChatModel, () => {
  const modelWith = wireModels();

  describe('constructor', () => {
    it('should take the base URL with or without /v1, the client adding /v1/messages', () => {
      expect(new AnthropicChatModel({ baseUrl: 'https://api.anthropic.com/' }).baseUrl).toBe(
        'https://api.anthropic.com',
      );
      expect(new AnthropicChatModel({ baseUrl: 'http://localhost:8080/proxy/v1' }).baseUrl).toBe(
        'http://localhost:8080/proxy',
      );
      expect(new AnthropicChatModel().baseUrl).toBe('https://api.anthropic.com');
    });

    it(`should default the model to ${DEFAULT_ANTHROPIC_MODEL}`, () => {
      expect(new AnthropicChatModel().defaultOptions.model).toBe(DEFAULT_ANTHROPIC_MODEL);
    });

    it('should reject a base URL that is not an absolute http(s) URL', () => {
      expect(() => new AnthropicChatModel({ baseUrl: 'api.anthropic.com' })).toThrow(
        "spring.ai.anthropic.base-url 'api.anthropic.com' is not an absolute http(s) URL.",
      );
    });
  });

  describe('.call', () => {
    describe('when building the request', () => {
      it(`should send the model, the messages and max_tokens ${DEFAULT_ANTHROPIC_MAX_TOKENS} (the API requires it)`, async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'Hi' })]);

        await model.call(new Prompt('Hello'));

        expect(wire.requests[0]).toEqual({
          model: DEFAULT_ANTHROPIC_MODEL,
          max_tokens: DEFAULT_ANTHROPIC_MAX_TOKENS,
          messages: [{ role: 'user', content: 'Hello' }],
        });
      });

      it('should send every system message, joined, as the separate system field and none in messages', async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'ok' })]);

        await model.call(
          new Prompt([
            new SystemMessage('You are the order desk.'),
            new SystemMessage(''),
            new UserMessage('Where is A1?'),
            new SystemMessage('Answer in English.'),
          ]),
        );

        expect(wire.requests[0].system).toBe('You are the order desk.\n\nAnswer in English.');
        expect(wire.requests[0].messages).toEqual([{ role: 'user', content: 'Where is A1?' }]);
      });

      it('should send the options the prompt sets over the defaults', async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'ok' })], {
          defaultOptions: { model: 'claude-sonnet-4-6', maxTokens: 512, topK: 5 },
        });

        await model.call(
          new Prompt('hi', options({ maxTokens: 64, temperature: 0.3, topP: 0.9, stopSequences: ['END'] })),
        );

        expect(wire.requests[0]).toMatchObject({
          model: 'claude-sonnet-4-6',
          max_tokens: 64,
          temperature: 0.3,
          top_p: 0.9,
          top_k: 5,
          stop_sequences: ['END'],
        });
      });

      it('should send each tool with its input_schema, the $schema key left out and nothing made strict', async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'ok' })]);

        await model.call(new Prompt('hi', options({ toolCallbacks: [orderTool()] })));

        const { $schema: _dropped, ...schema } = ORDER_SCHEMA;
        expect(wire.requests[0].tools).toEqual([
          { name: 'getOrderStatus', description: 'Status of an order', input_schema: schema },
        ]);
        expect(wire.requests[0]).not.toHaveProperty('tool_choice');
      });

      it.each<[ToolChoice, boolean, unknown]>([
        ['auto', false, { type: 'auto' }],
        ['required', false, { type: 'any' }],
        ['none', false, { type: 'none' }],
        [{ type: 'function', function: { name: 'getOrderStatus' } }, false, { type: 'tool', name: 'getOrderStatus' }],
        ['auto', true, { type: 'auto', disable_parallel_tool_use: true }],
        ['required', true, { type: 'any', disable_parallel_tool_use: true }],
        ['none', true, { type: 'none' }],
      ])(
        'should map toolChoice %p (disableParallelToolUse %p) to tool_choice %p',
        async (choice, disable, expected) => {
          const { model, wire } = await modelWith([anthropicMessage({ text: 'ok' })]);

          await model.call(
            new Prompt(
              'hi',
              options({ toolCallbacks: [orderTool()], toolChoice: choice, disableParallelToolUse: disable }),
            ),
          );

          expect(wire.requests[0].tool_choice).toEqual(expected);
        },
      );

      it('should send disableParallelToolUse alone as an auto tool_choice, and no tool_choice without tools', async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'a' }), anthropicMessage({ text: 'b' })]);

        await model.call(new Prompt('hi', options({ toolCallbacks: [orderTool()], disableParallelToolUse: true })));
        await model.call(new Prompt('hi', options({ toolChoice: 'required' })));

        expect(wire.requests[0].tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
        expect(wire.requests[1]).not.toHaveProperty('tools');
        expect(wire.requests[1]).not.toHaveProperty('tool_choice');
      });

      it('should reject a tool whose input schema is not an object schema, naming the tool', async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'never' })]);
        const broken = FunctionToolCallback.builder('broken', () => '')
          .inputSchema('{"type":"string"}')
          .build();

        const error = await errorOf(
          model.call(new Prompt('hi', options({ toolCallbacks: [broken] }))),
          InvalidToolSchemaError,
        );

        expect(error).toBeInstanceOf(InvalidToolSchemaError);
        expect(error.message).toMatch(
          /^The inputSchema of tool 'broken' has type "string", but a tool's input must be an object/,
        );
        expect(wire.requests).toHaveLength(0);
      });

      it('should send nothing when no message is left to send, only system ones', async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'never' })]);

        const error = await errorOf(
          model.call(new Prompt([new SystemMessage('You are the order desk.')])),
          EmptyPromptError,
        );

        expect(error.message).toMatch(/has no message to send \(1 given; system messages go in the system field/);
        expect(wire.requests).toHaveLength(0);
      });

      it('should say so when the request names tools but the model has no tool calling manager', async () => {
        const { model } = await modelWith([]);

        const error = await errorOf(
          model.call(new Prompt('hi', options({ toolNames: ['getOrderStatus'] }))),
          ConfigurationError,
        );

        expect(error).toBeInstanceOf(ConfigurationError);
        expect(error.message).toMatch(
          /names tools \[getOrderStatus\] but AnthropicChatModel has no toolCallingManager/,
        );
      });
    });

    describe('when the history holds a tool round', () => {
      const history = [
        new UserMessage('Where are A1 and A2?'),
        new AssistantMessage('Checking both.', [
          { id: 'toolu_1', type: 'function', name: 'getOrderStatus', arguments: '{"orderId":"A1"}' },
          { id: 'toolu_2', type: 'function', name: 'getOrderStatus', arguments: '{"orderId":"A2"}' },
        ]),
        new ToolResponseMessage([
          { id: 'toolu_1', name: 'getOrderStatus', responseData: '"shipped"' },
          { id: 'toolu_2', name: 'getOrderStatus', responseData: 'Order A2 not found', isError: true },
        ]),
      ];

      it('should send the calls as tool_use blocks with their input objects, and all results in one user message', async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'A1 shipped; A2 is unknown.' })]);

        await model.call(new Prompt(history));

        expect(wire.requests[0].messages).toEqual([
          { role: 'user', content: 'Where are A1 and A2?' },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Checking both.' },
              { type: 'tool_use', id: 'toolu_1', name: 'getOrderStatus', input: { orderId: 'A1' } },
              { type: 'tool_use', id: 'toolu_2', name: 'getOrderStatus', input: { orderId: 'A2' } },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_1', content: '"shipped"' },
              { type: 'tool_result', tool_use_id: 'toolu_2', content: 'Order A2 not found', is_error: true },
            ],
          },
        ]);
      });

      it('should put a user message that follows the results in the same user message, after them', async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'ok' })]);

        await model.call(new Prompt([...history, new UserMessage('And A3?')]));

        expect(wire.requests[0].messages.at(-1)).toEqual({
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '"shipped"' },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: 'Order A2 not found', is_error: true },
            { type: 'text', text: 'And A3?' },
          ],
        });
      });

      it('should answer a call whose result was lost as unanswered, flagged as an error, in the calls’ order', async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'ok' })]);

        await model.call(
          new Prompt([
            history[0],
            history[1],
            new ToolResponseMessage([{ id: 'toolu_2', name: 'getOrderStatus', responseData: '"late"' }]),
          ]),
        );

        expect(wire.requests[0].messages[2].content).toEqual([
          { type: 'tool_result', tool_use_id: 'toolu_1', content: UNANSWERED_TOOL_USE_CONTENT, is_error: true },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: '"late"' },
        ]);
      });

      it('should replay ids another provider wrote with characters Anthropic rejects, and blank arguments as {}', async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'ok' })]);

        await model.call(
          new Prompt([
            new UserMessage('list'),
            new AssistantMessage('', [{ id: 'functions.list:0', type: 'function', name: 'list', arguments: '' }]),
            new ToolResponseMessage([{ id: 'functions.list:0', name: 'list', responseData: '[]' }]),
          ]),
        );

        expect(wire.requests[0].messages.slice(1)).toEqual([
          { role: 'assistant', content: [{ type: 'tool_use', id: 'functions_list_0', name: 'list', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'functions_list_0', content: '[]' }] },
        ]);
      });
    });

    describe('when the answer is a recorded tool_use (tool-use.json)', () => {
      it('should return the call with its input serialized as the arguments text, and finish reason tool_calls', async () => {
        const fixture = messageFixture('tool-use');
        const { model } = await modelWith([fixture.response]);

        const response = await model.call(new Prompt('What is the weather in SF?'));

        expect(response.result?.output.text).toBe('');
        expect(response.result?.output.toolCalls).toEqual([
          {
            id: 'toolu_01SPe52JjANtJDVJ5yUZj4jz',
            type: 'function',
            name: 'get_weather',
            arguments: '{"location":"SF","units":"c"}',
          },
        ]);
        expect(response.result?.metadata).toEqual({ finishReason: 'tool_calls', stopReason: 'tool_use' });
        expect(response.metadata).toEqual({
          id: 'msg_01NzLkujbJ7VQgzNHFx76Ab4',
          model: 'claude-haiku-4-5-20251001',
          usage: {
            promptTokens: 597,
            completionTokens: 71,
            totalTokens: 668,
            cacheReadInputTokens: 0,
            cacheWriteInputTokens: 0,
          },
        });
      });
    });

    describe('when the answer is recorded text and a tool_use (text-and-tool-use.json)', () => {
      it('should return both the text and the call', async () => {
        const { model } = await modelWith([messageFixture('text-and-tool-use').response]);

        const response = await model.call(new Prompt('Weather in SF, in Celsius?'));

        expect(response.result?.output.text).toBe('Let me check the weather for San Francisco for you in Celsius.');
        expect(response.result?.output.toolCalls.map((call) => JSON.parse(call.arguments) as unknown)).toEqual([
          { location: 'San Francisco, CA', units: 'c' },
        ]);
      });
    });

    describe('when the answer is recorded parallel tool_use blocks (parallel-tool-use.json)', () => {
      it('should return both calls in order, and send their results back as the recorded client did', async () => {
        const fixture = messageFixture('parallel-tool-use');
        const { model, wire } = await modelWith([fixture.response, anthropicMessage({ text: 'It is 68°F.' })]);
        const question = new UserMessage('What is the weather in SF?');

        const first = await model.call(new Prompt([question]));
        const calls = first.result?.output.toolCalls ?? [];
        await model.call(
          new Prompt([
            question,
            first.result!.output,
            new ToolResponseMessage([
              {
                id: calls[0].id,
                name: calls[0].name,
                responseData: "RuntimeError('Unexpected error, try again')",
                isError: true,
              },
              {
                id: calls[1].id,
                name: calls[1].name,
                responseData: '{"location": "San Francisco, CA", "temperature": "68\\u00b0F", "condition": "Sunny"}',
              },
            ]),
          ]),
        );

        expect(calls.map((call) => [call.id, call.arguments])).toEqual([
          ['toolu_01ECouLXJaT6yocMNDstufPc', '{"location":"San Francisco, CA","units":"c"}'],
          ['toolu_01FHQTcVXvPoLL3bzxsAUtJJ', '{"location":"San Francisco, CA","units":"f"}'],
        ]);
        expect(wire.requests[1].messages.at(-1)).toEqual(fixture.expected_tool_results);
      });
    });

    describe('when the stop reason and the blocks disagree (05-finish-reason-without-calls)', () => {
      it('should take the text as the answer when stop_reason is tool_use but no tool_use block came', async () => {
        const { model } = await modelWith([
          anthropicMessage({ text: 'Let me check that for you.', stopReason: 'tool_use' }),
        ]);

        const response = await model.call(new Prompt('hi'));

        expect(response.hasToolCalls()).toBe(false);
        expect(response.result?.output.text).toBe('Let me check that for you.');
      });

      it('should keep the calls present when stop_reason is end_turn, so the loop still runs them', async () => {
        const { model } = await modelWith([
          anthropicMessage({
            toolUses: [{ id: 'toolu_1', name: 'getOrderStatus', input: { orderId: 'A1' } }],
            stopReason: 'end_turn',
          }),
        ]);

        const response = await model.call(new Prompt('hi'));

        expect(response.hasToolCalls()).toBe(true);
        expect(response.result?.metadata.finishReason).toBe('stop');
      });
    });

    describe('when tool_use blocks come without an id (08-empty-tool-call-id)', () => {
      it('should leave the ids blank for the loop to synthesize', async () => {
        const message = anthropicMessage({
          toolUses: [{ name: 'getLatestVersion' }, { name: 'getLatestVersion', input: { channel: 'beta' } }],
        });
        const { model } = await modelWith([
          {
            ...message,
            content: message.content.map((block, i) => (i === 0 ? { ...block, id: '' } : { ...block, id: undefined })),
          },
        ]);

        const response = await model.call(new Prompt('hi'));

        expect(response.result?.output.toolCalls.map((call) => [call.id, call.arguments])).toEqual([
          ['', '{}'],
          ['', '{"channel":"beta"}'],
        ]);
      });

      it('should send history with blank ids under distinct synthesized ids, each result paired by position', async () => {
        const { model, wire } = await modelWith([anthropicMessage({ text: 'ok' })]);

        await model.call(
          new Prompt([
            new UserMessage('versions?'),
            new AssistantMessage('', [
              { id: '', type: 'function', name: 'getLatestVersion', arguments: '{}' },
              { id: '', type: 'function', name: 'getLatestVersion', arguments: '{"channel":"beta"}' },
            ]),
            new ToolResponseMessage([
              { id: '', name: 'getLatestVersion', responseData: '"1.0"' },
              { id: '', name: 'getLatestVersion', responseData: '"1.1-beta"' },
            ]),
          ]),
        );

        const [assistant, results] = wire.requests[0].messages.slice(1);
        const useIds = (assistant.content as readonly { id?: string }[]).map((block) => block.id);
        expect(useIds).toEqual([
          expect.stringMatching(/^call_[0-9a-f]{32}$/),
          expect.stringMatching(/^call_[0-9a-f]{32}$/),
        ]);
        expect(new Set(useIds).size).toBe(2);
        expect(results.content).toEqual([
          { type: 'tool_result', tool_use_id: useIds[0], content: '"1.0"' },
          { type: 'tool_result', tool_use_id: useIds[1], content: '"1.1-beta"' },
        ]);
      });
    });

    describe('when the answer was cut off by max_tokens inside a tool_use input', () => {
      it('should keep the call with an argumentsProblem, so it is not run, and finish with length', async () => {
        const { model } = await modelWith([
          anthropicMessage({
            text: 'Writing the file.',
            toolUses: [{ id: 'toolu_1', name: 'makeFile', input: { filename: 'taxes.txt' } }],
            stopReason: 'max_tokens',
          }),
        ]);

        const response = await model.call(new Prompt('write it'));

        expect(response.result?.output.toolCalls[0].argumentsProblem).toMatch(/cut off \(stop_reason 'max_tokens'\)/);
        expect(response.result?.metadata).toEqual({ finishReason: 'length', stopReason: 'max_tokens' });
      });
    });

    describe('when reading stop reasons and usage', () => {
      it.each([
        ['end_turn', 'stop'],
        ['stop_sequence', 'stop'],
        ['refusal', 'content_filter'],
        ['model_context_window_exceeded', 'length'],
        ['pause_turn', 'pause_turn'],
      ])('should map stop_reason %s to finish reason %s and keep the original', async (stopReason, finishReason) => {
        const { model } = await modelWith([anthropicMessage({ text: 'x', stopReason })]);

        const response = await model.call(new Prompt('hi'));

        expect(response.result?.metadata).toEqual({ finishReason, stopReason });
      });

      it('should count the cache tokens into the prompt tokens and report them on their own', async () => {
        const { model } = await modelWith([
          anthropicMessage({
            text: 'ok',
            usage: { inputTokens: 20, outputTokens: 5, cacheReadInputTokens: 1800, cacheCreationInputTokens: 300 },
          }),
        ]);

        const response = await model.call(new Prompt('hi'));

        expect(response.metadata.usage).toEqual({
          promptTokens: 2120,
          completionTokens: 5,
          totalTokens: 2125,
          cacheReadInputTokens: 1800,
          cacheWriteInputTokens: 300,
        });
      });
    });

    describe('when the request fails', () => {
      it('should name the endpoint, Anthropic’s message and the API-key settings on a 401', async () => {
        const { model, wire } = await modelWith([
          {
            status: 401,
            body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
          },
        ]);

        const error = await errorOf(model.call(new Prompt('hi')), AnthropicApiError);

        expect(error).toBeInstanceOf(AnthropicApiError);
        expect(error).toMatchObject({ status: 401, errorType: 'authentication_error', model: DEFAULT_ANTHROPIC_MODEL });
        expect(error.message).toBe(
          `Anthropic endpoint ${wire.baseUrl} answered 401 Unauthorized: invalid x-api-key. ` +
            'Check spring.ai.anthropic.api-key (or SPRING_AI_ANTHROPIC_API_KEY / ANTHROPIC_API_KEY).',
        );
      });

      it('should say Anthropic is overloaded on a 529 overloaded_error', async () => {
        const { model } = await modelWith([
          { status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
        ]);

        const error = await errorOf(model.call(new Prompt('hi')), AnthropicApiError);

        expect(error).toMatchObject({ status: 529, errorType: 'overloaded_error' });
        expect(error.message).toMatch(/answered 529: Overloaded\. Anthropic is overloaded: retry later\.$/);
      });

      it('should name the sampling settings when the API version rejects temperature', async () => {
        const { model } = await modelWith([
          {
            status: 400,
            body: {
              type: 'error',
              error: { type: 'invalid_request_error', message: 'temperature: Extra inputs are not permitted' },
            },
          },
        ]);

        const error = await errorOf(model.call(new Prompt('hi', options({ temperature: 0.2 }))), AnthropicApiError);

        expect(error.message).toMatch(
          /no longer accepts temperature, top_p and top_k: unset spring\.ai\.anthropic\.chat\.options\.temperature/,
        );
      });

      it('should say the endpoint is unreachable and which setting to check', async () => {
        const server = createServer();
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const { port } = server.address() as AddressInfo;
        await new Promise<void>((resolve) => server.close(() => resolve()));
        const model = new AnthropicChatModel({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', maxRetries: 0 });

        const error = await errorOf(model.call(new Prompt('hi')), AnthropicApiError);

        expect(error).toBeInstanceOf(AnthropicApiError);
        expect(error.message).toMatch(
          new RegExp(
            `^Anthropic endpoint http://127\\.0\\.0\\.1:${port} is unreachable \\(.*ECONNREFUSED.*\\)\\. Check spring\\.ai\\.anthropic\\.base-url\\.$`,
          ),
        );
      });

      it('should reject an answer that is not a message', async () => {
        const { model } = await modelWith([{ status: 200, body: { choices: [] } }]);

        const error = await errorOf(model.call(new Prompt('hi')), AnthropicApiError);

        expect(error).toBeInstanceOf(AnthropicApiError);
        expect(error.message).toMatch(
          /answered with something that is not a message \(no content array\): '\{"choices":\[\]\}'/,
        );
      });
    });

    describe('when authenticating', () => {
      const saved = process.env.ANTHROPIC_API_KEY;
      afterEach(() => {
        if (saved === undefined) delete process.env.ANTHROPIC_API_KEY;
        else process.env.ANTHROPIC_API_KEY = saved;
      });

      it('should send the given key, and ANTHROPIC_API_KEY when none is given, never both', async () => {
        process.env.ANTHROPIC_API_KEY = 'sk-ant-from-env';
        const { model, wire } = await modelWith([anthropicMessage({ text: 'a' }), anthropicMessage({ text: 'b' })], {
          apiKey: 'sk-ant-given',
        });
        const fromEnv = new AnthropicChatModel({ baseUrl: wire.baseUrl, maxRetries: 0 });

        await model.call(new Prompt('hi'));
        await fromEnv.call(new Prompt('hi'));

        const [given, env] = wire.recordedRequests.map((r) => JSON.stringify(r.headers));
        expect(given).toContain('sk-ant-given');
        expect(given).not.toContain('sk-ant-from-env');
        expect(env).toContain('sk-ant-from-env');
      });
    });
  });
});
