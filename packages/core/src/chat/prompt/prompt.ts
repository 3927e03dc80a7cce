import type { Message } from '../messages/message';
import { SystemMessage } from '../messages/system-message';
import { UserMessage } from '../messages/user-message';
import type { ToolCallingChatOptions } from '../../model/tool/tool-calling-chat-options';

/**
 * The messages of one model request plus its options.
 *
 * @see Spring AI `Prompt`
 */
export class Prompt {
  readonly instructions: readonly Message[];
  constructor(
    instructions: readonly Message[] | string,
    /** Options of this request; typed as the tool-calling superset so tools and tool context fit. */
    readonly options?: ToolCallingChatOptions,
  ) {
    // A frozen array cannot change, so it is shared instead of copied (the tool loop builds two
    // prompts per round from the same history).
    this.instructions =
      typeof instructions === 'string'
        ? Object.freeze([new UserMessage(instructions)])
        : Object.isFrozen(instructions) && Array.isArray(instructions)
          ? instructions
          : Object.freeze([...instructions]);
  }

  /** The first system message, or an empty one (Spring's `getSystemMessage`). */
  get systemMessage(): SystemMessage {
    return this.instructions.find((m): m is SystemMessage => m instanceof SystemMessage) ?? new SystemMessage('');
  }

  /** The last user message, if any. */
  get lastUserMessage(): UserMessage | undefined {
    for (let i = this.instructions.length - 1; i >= 0; i--) {
      const m = this.instructions[i];
      if (m instanceof UserMessage) return m;
    }
    return undefined;
  }

  /** A copy with other messages and/or options. */
  with(change: { instructions?: readonly Message[]; options?: ToolCallingChatOptions }): Prompt {
    return new Prompt(change.instructions ?? this.instructions, 'options' in change ? change.options : this.options);
  }
}
