import { ConfigurationError } from '../error/configuration-error';

/** What {@link Media} holds: a URL the model fetches, or the bytes themselves. */
export type MediaData = URL | Uint8Array;

/** Options of {@link Media}. */
export interface MediaOptions {
  /** The MIME type, e.g. `image/png`. */
  readonly mimeType: string;
  /**
   * A URL (`https:`, or a `data:` URL), given as a `URL` or its text, or the bytes (a `Buffer`
   * is a `Uint8Array`).
   */
  readonly data: MediaData | string;
  /** A name for the content, e.g. its file name. */
  readonly name?: string;
}

const MIME_TYPE = /^[a-z]+\/[a-z0-9.+-]+$/i;

/**
 * Content sent with a user message beside its text, such as an image: by URL, or as bytes with
 * their MIME type.
 *
 * @example
 * ```ts
 * new Media({ mimeType: 'image/png', data: 'https://example.com/parcel.png' });
 * new Media({ mimeType: 'image/jpeg', data: await readFile('parcel.jpg') });
 * ```
 * @see Spring AI `Media`
 * @remarks Spring's `data` is an `Object` (a URL, a `Resource`'s bytes, or a string); here a `URL`
 * or a `Uint8Array`, so a provider knows which it has.
 */
export class Media {
  readonly mimeType: string;
  readonly data: MediaData;
  readonly name?: string;

  /**
   * @param options - MIME type, data and an optional name
   * @throws ConfigurationError when the MIME type is not of the form `type/subtype`, a string is
   *   not an absolute `http:`, `https:` or `data:` URL, or `data` is neither a URL nor bytes
   */
  constructor(options: MediaOptions) {
    if (typeof options.mimeType !== 'string' || !MIME_TYPE.test(options.mimeType)) {
      throw invalid('mimeType', options.mimeType, 'a MIME type such as image/png');
    }
    this.mimeType = options.mimeType.toLowerCase();
    this.data = toData(options.data);
    if (options.name !== undefined) this.name = options.name;
  }

  /** The content as a URL: its own, or a `data:` URL of its bytes (base64). */
  toUrl(): string {
    if (this.data instanceof URL) return this.data.href;
    return `data:${this.mimeType};base64,${Buffer.from(this.data.buffer, this.data.byteOffset, this.data.byteLength).toString('base64')}`;
  }
}

function toData(data: unknown): MediaData {
  if (data instanceof Uint8Array) return data;
  const text = data instanceof URL ? data.href : data;
  if (typeof text === 'string') {
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    if (url !== undefined && ['http:', 'https:', 'data:'].includes(url.protocol)) return url;
  }
  throw invalid('data', data, 'an absolute http(s) or data: URL, or the bytes (Uint8Array / Buffer)');
}

function invalid(field: string, value: unknown, allowed: string): ConfigurationError {
  const shown = typeof value === 'string' ? `'${value.slice(0, 80)}'` : Object.prototype.toString.call(value);
  return new ConfigurationError({
    setting: `Media ${field}`,
    value: typeof value === 'string' ? value.slice(0, 80) : undefined,
    allowed,
    message: `Media ${field} ${shown} is not allowed: expected ${allowed}.`,
  });
}
