import { SproutError } from '../../error/sprout-error';

/**
 * A chat model was asked to send a prompt that has no message to send (none at all, or only blank
 * system messages, which are left out). Nothing was sent: servers reject an empty `messages` array,
 * and a model asked nothing can only make something up. It means whatever built the prompt (an
 * advisor, a hook of the tool loop) dropped every message of the conversation.
 *
 * @remarks Not in Spring AI, which sends the request and fails with the server's 400.
 */
export class EmptyPromptError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.EmptyPromptError');
}
