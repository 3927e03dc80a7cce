import { toToolCallResult } from './to-tool-call-result';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe(toToolCallResult, () => {
  it('should join text parts by newlines and add no media', () => {
    const result = toToolCallResult({
      content: [
        { type: 'text', text: 'one' },
        { type: 'text', text: 'two' },
      ],
    });

    expect(result).toEqual({ text: 'one\ntwo' });
  });

  it('should put a placeholder where an image or audio part was and keep its bytes as media', () => {
    const audio = Buffer.alloc(3000, 1);
    const result = toToolCallResult({
      content: [
        { type: 'text', text: 'Photo and note' },
        { type: 'image', mimeType: 'image/png', data: PNG.toString('base64') },
        { type: 'audio', mimeType: 'audio/wav', data: audio.toString('base64') },
      ],
    });

    expect(result.text).toBe('Photo and note\n[image: image/png, 8 bytes]\n[audio: audio/wav, 3000 bytes]');
    expect(result.text).not.toContain(audio.toString('base64').slice(0, 20));
    expect(result.media?.map((m) => [m.mimeType, Buffer.from(m.data as Uint8Array)])).toEqual([
      ['image/png', PNG],
      ['audio/wav', audio],
    ]);
  });

  it('should keep an embedded blob resource as named media and a text resource or link as JSON', () => {
    const link = { type: 'resource_link' as const, uri: 'file:///a.txt', name: 'a.txt' };
    const textResource = { type: 'resource' as const, resource: { uri: 'file:///n.txt', text: 'note' } };
    const result = toToolCallResult({
      content: [
        { type: 'resource', resource: { uri: 'file:///label.pdf', mimeType: 'application/pdf', blob: 'JVBERg==' } },
        textResource,
        link,
      ],
    });

    expect(result.text).toBe(
      `[resource file:///label.pdf: application/pdf, 4 bytes]\n${JSON.stringify(textResource)}\n${JSON.stringify(link)}`,
    );
    expect(result.media?.map((m) => [m.mimeType, m.name])).toEqual([['application/pdf', 'file:///label.pdf']]);
  });

  it('should leave out binary content of an unusable MIME type, saying so', () => {
    const result = toToolCallResult({ content: [{ type: 'image', mimeType: 'png', data: PNG.toString('base64') }] });

    expect(result).toEqual({ text: '[image: 8 bytes of an unusable MIME type, left out]' });
  });

  describe('with structuredContent', () => {
    it('should send its JSON as the text when no part is text, and keep the value', () => {
      const result = toToolCallResult({ content: [], structuredContent: { total: 5 } });

      expect(result).toEqual({ text: '{"total":5}', structuredContent: { total: 5 } });
    });

    it('should not repeat it when the server sent text (the spec asks servers to send it as text too)', () => {
      const result = toToolCallResult({
        content: [{ type: 'text', text: '{"total":5}' }],
        structuredContent: { total: 5 },
      });

      expect(result).toEqual({ text: '{"total":5}', structuredContent: { total: 5 } });
    });

    it('should add its JSON after an image when there is no text', () => {
      const result = toToolCallResult({
        content: [{ type: 'image', mimeType: 'image/png', data: PNG.toString('base64') }],
        structuredContent: { damaged: true },
      });

      expect(result.text).toBe('[image: image/png, 8 bytes]\n{"damaged":true}');
    });
  });
});
