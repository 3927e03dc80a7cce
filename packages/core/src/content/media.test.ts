import { ConfigurationError } from '../error/configuration-error';
import { errorOf } from '@sprout-ai/test';
import { Media } from './media';

describe(Media, () => {
  it('should hold a URL given as text or URL, and give it back as is', () => {
    expect(new Media({ mimeType: 'image/png', data: 'https://example.com/a.png' }).toUrl()).toBe(
      'https://example.com/a.png',
    );
    expect(new Media({ mimeType: 'IMAGE/PNG', data: new URL('https://example.com/b.png') }).mimeType).toBe('image/png');
  });

  it('should give bytes as a data: URL in base64, also for a view into a larger buffer', () => {
    const whole = new Uint8Array([0, 0xff, 0xd8, 0xff, 0]);
    const media = new Media({ mimeType: 'image/jpeg', data: whole.subarray(1, 4) });

    expect(media.toUrl()).toBe('data:image/jpeg;base64,/9j/');
  });

  it.each([
    [{ mimeType: 'png', data: 'https://example.com/a.png' }, 'a MIME type such as image/png'],
    [{ mimeType: 'image/png', data: 'parcel.png' }, 'an absolute http(s) or data: URL, or the bytes'],
    [{ mimeType: 'image/png', data: 'file:///etc/passwd' }, 'an absolute http(s) or data: URL, or the bytes'],
    [{ mimeType: 'image/png', data: 42 as unknown as string }, 'an absolute http(s) or data: URL, or the bytes'],
  ])('should refuse %j with a ConfigurationError saying what is allowed', (options, allowed) => {
    expect(errorOf(() => new Media(options), ConfigurationError).message).toContain(allowed);
  });
});
