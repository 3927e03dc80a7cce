import { ConfigurationError, Media, Prompt, UserMessage } from '@sprout-ai/core';
import { chatCompletion, errorOf } from '@sprout-ai/test';
import { wireModels } from './__fixtures__/wire-model';
import { OpenAiChatModel } from './openai-chat-model';

describe(OpenAiChatModel, () => {
  const modelWith = wireModels();

  describe('.call with media in a user message', () => {
    it('should send the text and each image as content parts: a URL as is, bytes as a data: URL', async () => {
      const { model, wire } = await modelWith([chatCompletion({ content: 'A dented box.' })]);
      const message = new UserMessage('What is damaged?', {}, [
        new Media({ mimeType: 'image/png', data: 'https://example.com/parcel.png' }),
        new Media({ mimeType: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff]) }),
      ]);

      await model.call(new Prompt([message]));

      expect(wire.requests[0].messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is damaged?' },
            { type: 'image_url', image_url: { url: 'https://example.com/parcel.png' } },
            { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/' } },
          ],
        },
      ]);
    });

    it('should send an image without text as the one part', async () => {
      const { model, wire } = await modelWith([chatCompletion({ content: 'A box.' })]);
      const image = new Media({ mimeType: 'image/png', data: 'https://example.com/a.png' });

      await model.call(new Prompt([new UserMessage('', {}, [image])]));

      expect(wire.requests[0].messages[0].content).toEqual([
        { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
      ]);
    });

    it('should refuse media that is not an image, sending nothing', async () => {
      const { model, wire } = await modelWith([chatCompletion({ content: 'never' })]);
      const pdf = new Media({ mimeType: 'application/pdf', data: Buffer.from('%PDF'), name: 'invoice.pdf' });

      const error = await errorOf(
        model.call(new Prompt([new UserMessage('Read this', {}, [pdf])])),
        ConfigurationError,
      );

      expect(error.message).toContain("images only as media of a user message, not application/pdf ('invoice.pdf')");
      expect(wire.requests).toHaveLength(0);
    });
  });
});
