import { OpenAiChatModel, type OpenAiChatOptions } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';
import { ChatClient } from './chat-client';

describe(ChatClient, () => {
  describe('.prompt().options with OpenAI options', () => {
    let server: OpenAiWireServer | undefined;
    afterEach(async () => {
      await server?.close();
    });

    it("should send the request's options over the model's defaults, headers united", async () => {
      server = await OpenAiWireServer.start({ script: [chatCompletion({ content: '{"status":"shipped"}' })] });
      const model = new OpenAiChatModel({
        baseUrl: server.baseUrl,
        apiKey: 'k',
        maxRetries: 0,
        defaultOptions: { topP: 0.9, user: 'u7', httpHeaders: { 'X-Tenant': 'shop-7' } },
      });
      const options: OpenAiChatOptions = {
        seed: 7,
        presencePenalty: 0.5,
        responseFormat: { type: 'json_object' },
        httpHeaders: { 'X-Trace': 'turn-1' },
      };

      await ChatClient.builder(model).build().prompt('Status of A123 as JSON').options(options).call().content();

      const [request] = server.recordedRequests;
      expect(request.body).toMatchObject({
        top_p: 0.9,
        user: 'u7',
        seed: 7,
        presence_penalty: 0.5,
        response_format: { type: 'json_object' },
      });
      expect(request.headers).toMatchObject({ 'x-tenant': 'shop-7', 'x-trace': 'turn-1' });
    });

    it("should unite the client's default headers with the request's, the request winning per header", async () => {
      server = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'ok' })] });
      const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0 });
      const client = ChatClient.builder(model)
        .defaultOptions({ httpHeaders: { 'X-Tenant': 'shop-7', 'X-Trace': 'default' } } as OpenAiChatOptions)
        .build();

      await client
        .prompt('Hi')
        .options({ httpHeaders: { 'X-Trace': 'turn-1' } } as OpenAiChatOptions)
        .call()
        .content();

      expect(server.recordedRequests[0].headers).toMatchObject({ 'x-tenant': 'shop-7', 'x-trace': 'turn-1' });
    });
  });
});
