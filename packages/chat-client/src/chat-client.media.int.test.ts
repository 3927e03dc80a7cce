import { ConfigurationError, Media } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion, errorOf } from '@sprout-ai/test';
import { ChatClient } from './chat-client';

describe(ChatClient, () => {
  describe('.prompt().user(u => u.media(...))', () => {
    let server: OpenAiWireServer | undefined;
    afterEach(async () => {
      await server?.close();
    });

    async function client(): Promise<ChatClient> {
      server = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'A dented box.' })] });
      return ChatClient.create(new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0 }));
    }

    it('should send the images beside the rendered text, as OpenAI content parts', async () => {
      const chatClient = await client();
      const photo = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

      await chatClient
        .prompt()
        .user((u) =>
          u
            .text('What is damaged in order {orderId}?')
            .param('orderId', 'A123')
            .media('image/png', photo)
            .media(new Media({ mimeType: 'image/jpeg', data: 'https://example.com/box.jpg' })),
        )
        .call()
        .content();

      expect(server?.requests[0].messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is damaged in order A123?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw==' } },
            { type: 'image_url', image_url: { url: 'https://example.com/box.jpg' } },
          ],
        },
      ]);
    });

    it('should send media alone, with no user text', async () => {
      const chatClient = await client();

      await chatClient
        .prompt()
        .user((u) => u.media('image/png', 'https://example.com/a.png'))
        .call()
        .content();

      expect(server?.requests[0].messages).toEqual([
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] },
      ]);
    });

    it('should refuse something that is not media at once', async () => {
      const chatClient = await client();

      const error = errorOf(
        () => chatClient.prompt().user((u) => u.media('https://example.com/a.png' as never, undefined as never)),
        ConfigurationError,
      );

      expect(error.message).toContain('a MIME type such as image/png');
    });
  });
});
