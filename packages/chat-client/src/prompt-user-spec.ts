import type { Media, MediaData } from '@sprout-ai/core';
import { addPromptMedia, addPromptParams, type PromptTextParts, setPromptText } from './prompt-text-parts';

/**
 * The user part of a request, given to the callback of `.user(u => …)` and `defaultUser(u => …)`:
 * its text, a prompt template in Spring's `{name}` syntax, and the template's parameters.
 *
 * @example
 * ```ts
 * chatClient.prompt().user((u) => u.text('Where is {orderId}?').param('orderId', 'A123'));
 * chatClient.prompt().user((u) => u.text('What is damaged here?').media('image/jpeg', photoBytes));
 * ```
 * @see Spring AI `ChatClient.PromptUserSpec`
 * @remarks The text is rendered (see `PromptTemplate`) when the request is sent, and only when
 * it has parameters (from the request or the client's defaults), as in Spring; without any it is
 * sent as written.
 */
export class PromptUserSpec {
  /**
   * Use `.user(u => …)` instead.
   *
   * @param parts - where the text and parameters are collected (internal)
   */
  constructor(private readonly parts: PromptTextParts) {}

  /**
   * Sets the text (a template when parameters are given).
   *
   * @throws ConfigurationError when `text` is blank
   */
  text(text: string): this {
    setPromptText(this.parts, text, 'user text');
    return this;
  }

  /**
   * Sets one template parameter: `{name}` in the text becomes `value`.
   *
   * @throws ConfigurationError when `name` is blank or `value` is `null`/`undefined`
   */
  param(name: string, value: unknown): this {
    addPromptParams(this.parts, { [name]: value }, 'user param');
    return this;
  }

  /**
   * Sets several template parameters.
   *
   * @throws ConfigurationError when a name is blank or a value is `null`/`undefined`
   */
  params(params: Readonly<Record<string, unknown>>): this {
    addPromptParams(this.parts, params, 'user params');
    return this;
  }

  /**
   * Adds media sent beside the text, e.g. an image: `Media` objects, or a MIME type and the data
   * (an http(s) or `data:` URL, or the bytes).
   *
   * @example `u.media('image/png', new URL('https://example.com/parcel.png'))`
   * @throws ConfigurationError when an item is not a `Media`, or the MIME type or data is not allowed
   * @remarks Spring's `media(MimeType, URL)` / `media(MimeType, Resource)`; bytes stand for a Resource.
   */
  media(...media: Media[]): this;
  media(mimeType: string, data: MediaData | string): this;
  media(...args: unknown[]): this {
    addPromptMedia(this.parts, args, 'user media');
    return this;
  }
}
