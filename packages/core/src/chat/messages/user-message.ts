import type { Media } from '../../content/media';
import { MessageType } from './message-type';

const NO_MEDIA: readonly Media[] = Object.freeze([]);

/**
 * A message from the end user: text, and media (images …) sent beside it. Tool-call limits count
 * from the last one.
 *
 * @see Spring AI `UserMessage`
 */
export class UserMessage {
  readonly messageType = MessageType.USER;
  /** Content sent beside the text, e.g. images; empty when there is none. */
  readonly media: readonly Media[];

  /**
   * @param text - the user's text
   * @param metadata - data about the message, never sent to the model
   * @param media - content sent beside the text, e.g. `[new Media({ mimeType: 'image/png', data: url })]`
   */
  constructor(
    readonly text: string,
    readonly metadata: Readonly<Record<string, unknown>> = {},
    media: readonly Media[] = [],
  ) {
    this.media = media.length === 0 ? NO_MEDIA : Object.freeze([...media]);
  }
}
