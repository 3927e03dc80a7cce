import { Media, UserMessage } from '@sprout-ai/core';
import { errorOf } from '@sprout-ai/test';
import { decodeMessage, encodeMessage, MessageCodecError } from './message-codec';

describe(encodeMessage, () => {
  describe('when a user message has media', () => {
    it('should keep each item through a round trip: a URL as its text, bytes as base64', () => {
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
      const message = new UserMessage('What is damaged?', { at: 1 }, [
        new Media({ mimeType: 'image/png', data: 'https://example.com/parcel.png' }),
        new Media({ mimeType: 'image/png', data: bytes, name: 'parcel.png' }),
      ]);

      const json = encodeMessage(message);
      const decoded = decodeMessage(json) as UserMessage;

      expect((JSON.parse(json) as { media: unknown }).media).toEqual([
        { mimeType: 'image/png', url: 'https://example.com/parcel.png' },
        { mimeType: 'image/png', base64: 'iVBORw==', name: 'parcel.png' },
      ]);
      expect(decoded).toBeInstanceOf(UserMessage);
      expect(decoded.text).toBe('What is damaged?');
      expect(decoded.media.map((media) => media.toUrl())).toEqual([
        'https://example.com/parcel.png',
        'data:image/png;base64,iVBORw==',
      ]);
      expect(decoded.media[1].name).toBe('parcel.png');
    });

    it('should leave media out of a user message without any', () => {
      expect(JSON.parse(encodeMessage(new UserMessage('Hi')))).toEqual({ type: 'user', text: 'Hi', metadata: {} });
    });

    it('should refuse stored media without a MIME type or data, with MessageCodecError', () => {
      const json = JSON.stringify({ type: 'user', text: 'x', metadata: {}, media: [{ url: 'https://e.com/a.png' }] });

      expect(errorOf(() => decodeMessage(json), MessageCodecError).message).toContain('media');
    });
  });
});
