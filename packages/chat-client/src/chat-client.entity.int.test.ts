import { StructuredOutputValidationError, toolSchemaRegistry } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';
import { AdvisorParams } from './advisor-params';
import { ChatClient } from './chat-client';
import { OrderAnswer, orderAnswerManifest } from './__fixtures__/order-answer';
import { recordingTool } from './__fixtures__/tools';

toolSchemaRegistry.register(orderAnswerManifest, 'chat-client entity fixture');

const SHIPPED = '{"orderId":"A123","status":"shipped","expectedAt":"2026-12-03T12:00:00Z"}';

function openAi(server: OpenAiWireServer, nativeStructuredOutput?: boolean): OpenAiChatModel {
  return new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0, nativeStructuredOutput });
}

function lastUserText(body: unknown): string {
  const messages = (body as { messages: { role: string; content: unknown }[] }).messages;
  const user = messages.filter((m) => m.role === 'user').at(-1);
  return typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content);
}

describe(ChatClient, () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  describe('.call().entity', () => {
    it('should send the schema as a strict json_schema response_format and return an instance', async () => {
      server = await OpenAiWireServer.start({ script: [chatCompletion({ content: SHIPPED })] });

      const answer = await ChatClient.create(openAi(server)).prompt('Where is A123?').call().entity(OrderAnswer);

      expect(answer).toBeInstanceOf(OrderAnswer);
      expect(answer.summary()).toBe('A123 is shipped');
      expect(answer.expectedAt).toEqual(new Date('2026-12-03T12:00:00Z'));
      const [request] = server.recordedRequests;
      expect(request.body).toMatchObject({
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'OrderAnswer',
            strict: true,
            schema: {
              type: 'object',
              properties: { orderId: { type: 'string' }, expectedAt: { type: ['string', 'null'] } },
              required: ['orderId', 'status', 'expectedAt'],
              additionalProperties: false,
            },
          },
        },
      });
      expect(lastUserText(request.body)).toBe('Where is A123?');
    });

    it('should read null for an optional property (as strict mode makes the model send it) as absent', async () => {
      server = await OpenAiWireServer.start({
        script: [chatCompletion({ content: '{"orderId":"A123","status":"placed","expectedAt":null}' })],
      });

      const answer = await ChatClient.create(openAi(server)).prompt('Where is A123?').call().entity(OrderAnswer);

      expect(answer.status).toBe('placed');
      expect(answer.expectedAt).toBeUndefined();
    });

    it('should append format instructions instead for a server without native structured output', async () => {
      server = await OpenAiWireServer.start({ script: [chatCompletion({ content: SHIPPED })] });

      const answer = await ChatClient.create(openAi(server, false)).prompt('Where is A123?').call().entity(OrderAnswer);

      expect(answer.status).toBe('shipped');
      const [request] = server.recordedRequests;
      expect(request.body).not.toHaveProperty('response_format');
      const text = lastUserText(request.body);
      expect(text.startsWith('Where is A123?\nYour response should be in JSON format.')).toBe(true);
      expect(text).toContain('"title":"OrderAnswer"');
    });

    it('should follow the request over the model: useProviderStructuredOutput(false), or the advisor param', async () => {
      server = await OpenAiWireServer.start({
        script: [chatCompletion({ content: SHIPPED }), chatCompletion({ content: SHIPPED })],
      });
      const client = ChatClient.create(openAi(server));

      await client
        .prompt('A?')
        .call()
        .entity(OrderAnswer, (spec) => spec.useProviderStructuredOutput(false));
      await client.prompt('B?').advisors(AdvisorParams.nativeStructuredOutput(false)).call().entity(OrderAnswer);

      for (const request of server.recordedRequests) {
        expect(request.body).not.toHaveProperty('response_format');
        expect(lastUserText(request.body)).toContain('Your response should be in JSON format.');
      }
    });

    it('should run the tools first, then parse the answer, in one request', async () => {
      const lookup = recordingTool('lookupOrder', () => ({ status: 'shipped' }));
      server = await OpenAiWireServer.start({
        script: [
          chatCompletion({ toolCalls: [{ name: 'lookupOrder', arguments: { orderId: 'A123' } }] }),
          chatCompletion({ content: SHIPPED }),
        ],
      });

      const answer = await ChatClient.create(openAi(server))
        .prompt('Where is A123?')
        .tools(lookup)
        .call()
        .entity(OrderAnswer, (spec) => spec.validateSchema());

      expect(answer.orderId).toBe('A123');
      expect(lookup.records).toHaveLength(1);
      expect(server.recordedRequests).toHaveLength(2);
      for (const request of server.recordedRequests) {
        expect(request.body).toMatchObject({ tools: [{ function: { name: 'lookupOrder' } }] });
        expect(request.body).toHaveProperty('response_format.type', 'json_schema');
      }
    });

    it('should throw a StructuredOutputValidationError with the answer when it is not valid', async () => {
      server = await OpenAiWireServer.start({ script: [chatCompletion({ content: '{"orderId":"A123"}' })] });

      const error = await ChatClient.create(openAi(server))
        .prompt('Where is A123?')
        .call()
        .entity(OrderAnswer)
        .catch((e: unknown) => e);

      expect(StructuredOutputValidationError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ answer: '{"orderId":"A123"}', attempts: 1, typeName: 'OrderAnswer' });
      expect((error as StructuredOutputValidationError).violations).toEqual([
        "(root) must have required property 'status'",
      ]);
    });
  });

  describe('.call().entity with validateSchema (StructuredOutputValidationAdvisor)', () => {
    it('should send the violations back and return the second, valid answer', async () => {
      server = await OpenAiWireServer.start({
        script: [
          chatCompletion({ content: '{"orderId":"A1","status":"shipped"}' }),
          chatCompletion({ content: SHIPPED }),
        ],
      });

      const { entity, response } = await ChatClient.create(openAi(server, false))
        .prompt('Where is A123?')
        .call()
        .responseEntity(OrderAnswer, (spec) => spec.validateSchema(1));

      expect(entity.status).toBe('shipped');
      expect(response?.result?.output.text).toBe(SHIPPED);
      const retry = lastUserText(server.recordedRequests[1].body);
      expect(retry).toContain(
        'Where is A123?\nOutput JSON validation failed because of: /orderId must be longer than or equal to 4 characters (isLength)',
      );
      expect(lastUserText(server.recordedRequests[0].body)).not.toContain('validation failed');
    });

    it('should throw with the last answer when the retries are spent', async () => {
      server = await OpenAiWireServer.start({
        script: [chatCompletion({ content: 'It has shipped.' }), chatCompletion({ content: '{"status":"shipped"}' })],
      });

      const error = await ChatClient.create(openAi(server))
        .prompt('Where is A123?')
        .call()
        .entity(OrderAnswer, (spec) => spec.validateSchema(1))
        .catch((e: unknown) => e);

      expect(StructuredOutputValidationError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ answer: '{"status":"shipped"}', attempts: 2 });
      expect(server.recordedRequests).toHaveLength(2);
    });
  });
});
