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

    it('should send WAV/MP3 bytes as input_audio and PDF bytes as a file part', async () => {
      const { model, wire } = await modelWith([chatCompletion({ content: 'Heard and read.' })]);
      const message = new UserMessage('Transcribe and summarize', {}, [
        new Media({ mimeType: 'audio/wav', data: Buffer.from('RIFF') }),
        new Media({ mimeType: 'audio/mpeg', data: Buffer.from('ID3') }),
        new Media({ mimeType: 'application/pdf', data: Buffer.from('%PDF'), name: 'invoice.pdf' }),
      ]);

      await model.call(new Prompt([message]));

      expect(wire.requests[0].messages[0].content).toEqual([
        { type: 'text', text: 'Transcribe and summarize' },
        { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
        { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
        { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERg==', filename: 'invoice.pdf' } },
      ]);
    });

    it('should refuse media OpenAI does not take in a message, sending nothing', async () => {
      const { model, wire } = await modelWith([chatCompletion({ content: 'never' })]);
      const video = new Media({ mimeType: 'video/mp4', data: Buffer.from('ftyp'), name: 'unboxing.mp4' });

      const error = await errorOf(
        model.call(new Prompt([new UserMessage('Watch this', {}, [video])])),
        ConfigurationError,
      );

      expect(error.message).toContain("cannot send video/mp4 ('unboxing.mp4') in a user message");
      expect(wire.requests).toHaveLength(0);
    });

    it('should refuse audio given as a URL, naming the fix', async () => {
      const { model, wire } = await modelWith([chatCompletion({ content: 'never' })]);
      const audio = new Media({ mimeType: 'audio/wav', data: 'https://example.com/call.wav' });

      const error = await errorOf(model.call(new Prompt([new UserMessage('Listen', {}, [audio])])), ConfigurationError);

      expect(error.message).toContain('takes audio and files as bytes, not URLs');
      expect(wire.requests).toHaveLength(0);
    });
  });
});
