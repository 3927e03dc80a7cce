import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnthropicChatModel } from '@sprout-ai/anthropic';
import { ObservedChatModel } from '@sprout-ai/chat-client';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { AnthropicWireServer, OpenAiWireServer, anthropicMessage, chatCompletion } from '@sprout-ai/test';
import { ContainerModule } from 'inversify';
import { declareToolClasses, FIXTURE_MANIFEST } from './__fixtures__/tool-classes';
import { SproutApplication } from './sprout-application';
import { SproutTokens } from './sprout-tokens';

describe(SproutApplication, () => {
  const { OrderTools } = declareToolClasses();

  describe('.run', () => {
    describe('when OpenAI is configured only through application.properties', () => {
      let dir: string;
      let server: OpenAiWireServer;
      let app: SproutApplication | undefined;

      beforeEach(async () => {
        dir = mkdtempSync(join(tmpdir(), 'sprout-boot-e2e-'));
        server = await OpenAiWireServer.start({
          script: [
            chatCompletion({ toolCalls: [{ id: 'call_1', name: 'getOrderStatus', arguments: { orderId: 'A123' } }] }),
            chatCompletion({ content: 'Order A123 has shipped.' }),
          ],
        });
      });
      afterEach(async () => {
        await app?.close();
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      });

      it('should run the tool loop against the real OpenAiChatModel over HTTP', async () => {
        const propertiesFile = join(dir, 'application.properties');
        writeFileSync(
          propertiesFile,
          [
            `spring.ai.openai.base-url=${server.baseUrl}`,
            'spring.ai.openai.api-key=sk-from-properties',
            'spring.ai.openai.chat.options.model=gpt-test',
            'spring.ai.openai.chat.options.temperature=0.1',
          ].join('\n'),
        );
        const manifestPath = join(dir, 'tool-schemas.json');
        writeFileSync(manifestPath, JSON.stringify(FIXTURE_MANIFEST));

        app = await SproutApplication.run({
          modules: [new ContainerModule(({ bind }) => void bind(OrderTools).toSelf())],
          propertiesFile,
          env: {},
          schemaManifest: manifestPath,
        });
        const answer = await app.chatClient().prompt('Where is order A123?').call().content();

        expect(answer).toBe('Order A123 has shipped.');
        expect(ObservedChatModel.unwrap(app.get(SproutTokens.ChatModel))).toBeInstanceOf(OpenAiChatModel);
        expect(server.recordedRequests).toHaveLength(2);
        expect(server.recordedRequests[0].headers.authorization).toBe('Bearer sk-from-properties');
        const [first, second] = server.requests;
        expect(first.model).toBe('gpt-test');
        expect(first.temperature).toBe(0.1);
        expect(first.tools?.map((tool) => tool.function.name)).toEqual(['getOrderStatus', 'cancelOrder']);
        expect(second.messages.at(-1)).toEqual({
          role: 'tool',
          tool_call_id: 'call_1',
          content: '"Order A123 has shipped"',
        });
        expect(app.get(OrderTools).calls).toEqual(['A123']);
      });
    });

    describe("when Spring's OpenAI option keys are set in the properties", () => {
      it('should send them in every request body and its headers', async () => {
        const server = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'shipped' })] });
        let app: SproutApplication | undefined;
        try {
          app = await SproutApplication.run({
            propertiesFile: false,
            env: {},
            properties: {
              'spring.ai.openai.base-url': server.baseUrl,
              'spring.ai.openai.api-key': 'sk-test',
              'spring.ai.openai.organization-id': 'org-sprout',
              'spring.ai.openai.project-id': 'proj_orders',
              'spring.ai.openai.chat.options.top-p': '0.9',
              'spring.ai.openai.chat.options.frequency-penalty': '0.5',
              'spring.ai.openai.chat.options.presence-penalty': '0.25',
              'spring.ai.openai.chat.options.stop': 'END',
              'spring.ai.openai.chat.options.seed': '42',
              'spring.ai.openai.chat.options.user': 'u7',
              'spring.ai.openai.chat.options.response-format.type': 'JSON_OBJECT',
              'spring.ai.openai.chat.options.http-headers.X-Tenant': 'shop-7',
            },
          });

          await app.chatClient().prompt('Where is order A123?').call().content();

          const [request] = server.recordedRequests;
          expect(request.body).toMatchObject({
            top_p: 0.9,
            frequency_penalty: 0.5,
            presence_penalty: 0.25,
            stop: ['END'],
            seed: 42,
            user: 'u7',
            response_format: { type: 'json_object' },
          });
          expect(request.headers).toMatchObject({
            'x-tenant': 'shop-7',
            'openai-organization': 'org-sprout',
            'openai-project': 'proj_orders',
          });
        } finally {
          await app?.close();
          await server.close();
        }
      });
    });

    describe('when spring.ai.retry.max-attempts=3 and the server answers 429 more often', () => {
      it('should send 3 attempts in all: the model retries, the openai client nothing of its own', async () => {
        const limited = { status: 429, body: { error: { message: 'Rate limit reached' } } };
        const server = await OpenAiWireServer.start({
          script: [limited, limited, limited, chatCompletion({ content: 'Order A123 has shipped.' })],
        });
        let app: SproutApplication | undefined;
        try {
          app = await SproutApplication.run({
            propertiesFile: false,
            env: {},
            properties: {
              'spring.ai.openai.base-url': server.baseUrl,
              'spring.ai.openai.api-key': 'sk-test',
              'spring.ai.retry.max-attempts': '3',
              'spring.ai.retry.backoff.initial-interval': '1ms',
              'spring.ai.retry.backoff.max-interval': '5ms',
            },
          });

          const answer = app.chatClient().prompt('Where is order A123?').call().content();

          await expect(answer).rejects.toThrow('answered 429 Too Many Requests');
          expect(server.recordedRequests).toHaveLength(3);
        } finally {
          await app?.close();
          await server.close();
        }
      });
    });

    describe('when the server constrains tool-call ids and sprout.openai.chat.tool-call-id-pattern says how', () => {
      it('should send the ids of the turn as the server accepts them, the result under its call’s id', async () => {
        const dir = mkdtempSync(join(tmpdir(), 'sprout-boot-ids-'));
        const server = await OpenAiWireServer.start({
          toolCallIdPattern: /^[a-zA-Z0-9]{9}$/,
          script: [
            chatCompletion({ toolCalls: [{ id: 'call_1', name: 'getOrderStatus', arguments: { orderId: 'A123' } }] }),
            chatCompletion({ content: 'Order A123 has shipped.' }),
          ],
        });
        let app: SproutApplication | undefined;
        try {
          const manifestPath = join(dir, 'tool-schemas.json');
          writeFileSync(manifestPath, JSON.stringify(FIXTURE_MANIFEST));
          app = await SproutApplication.run({
            modules: [new ContainerModule(({ bind }) => void bind(OrderTools).toSelf())],
            propertiesFile: false,
            properties: {
              'spring.ai.openai.base-url': server.baseUrl,
              'spring.ai.openai.api-key': 'sk-test',
              'sprout.openai.chat.tool-call-id-pattern': '^[a-zA-Z0-9]{9}$',
            },
            env: {},
            schemaManifest: manifestPath,
          });

          expect(await app.chatClient().prompt('Where is order A123?').call().content()).toBe(
            'Order A123 has shipped.',
          );
          const [call, result] = server.requests[1].messages.slice(-2);
          expect(call.tool_calls?.[0].id).toMatch(/^[a-zA-Z0-9]{9}$/);
          expect(result.tool_call_id).toBe(call.tool_calls?.[0].id);
        } finally {
          await app?.close();
          await server.close();
          rmSync(dir, { recursive: true, force: true });
        }
      });
    });

    describe('when Anthropic is configured through application.properties', () => {
      let dir: string;
      let server: AnthropicWireServer;
      let app: SproutApplication | undefined;

      beforeEach(async () => {
        dir = mkdtempSync(join(tmpdir(), 'sprout-boot-e2e-'));
        server = await AnthropicWireServer.start({
          script: [
            anthropicMessage({ toolUses: [{ id: 'toolu_1', name: 'getOrderStatus', input: { orderId: 'A123' } }] }),
            anthropicMessage({ text: 'Order A123 has shipped.' }),
          ],
        });
      });
      afterEach(async () => {
        await app?.close();
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      });

      it('should run the tool loop against the real AnthropicChatModel over HTTP', async () => {
        const propertiesFile = join(dir, 'application.properties');
        writeFileSync(
          propertiesFile,
          [
            `spring.ai.anthropic.base-url=${server.baseUrl}`,
            'spring.ai.anthropic.api-key=sk-ant-from-properties',
            'spring.ai.anthropic.chat.options.model=claude-test',
            'spring.ai.anthropic.chat.options.max-tokens=300',
          ].join('\n'),
        );
        const manifestPath = join(dir, 'tool-schemas.json');
        writeFileSync(manifestPath, JSON.stringify(FIXTURE_MANIFEST));

        app = await SproutApplication.run({
          modules: [new ContainerModule(({ bind }) => void bind(OrderTools).toSelf())],
          propertiesFile,
          env: {},
          schemaManifest: manifestPath,
        });
        const answer = await app.chatClient().prompt('Where is order A123?').call().content();

        expect(answer).toBe('Order A123 has shipped.');
        expect(ObservedChatModel.unwrap(app.get(SproutTokens.ChatModel))).toBeInstanceOf(AnthropicChatModel);
        expect(JSON.stringify(server.recordedRequests[0].headers)).toContain('sk-ant-from-properties');
        const [first, second] = server.requests;
        expect(first).toMatchObject({ model: 'claude-test', max_tokens: 300 });
        expect(first.tools?.map((tool) => tool.name)).toEqual(['getOrderStatus', 'cancelOrder']);
        expect(second.messages.at(-1)).toEqual({
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '"Order A123 has shipped"' }],
        });
        expect(app.get(OrderTools).calls).toEqual(['A123']);
      });
    });
  });
});
