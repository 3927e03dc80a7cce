import { type Prompt, UserMessage } from '@sprout-ai/core';

/**
 * The prompt with `text` appended to its last user message on a new line (its media and metadata
 * kept), or added as a new user message when there is none.
 *
 * @see Spring AI `Prompt.augmentUserMessage`
 */
export function appendToUserMessage(prompt: Prompt, text: string): Prompt {
  const instructions = [...prompt.instructions];
  for (let i = instructions.length - 1; i >= 0; i--) {
    const message = instructions[i];
    if (message instanceof UserMessage) {
      instructions[i] = new UserMessage(`${message.text}\n${text}`, message.metadata, message.media);
      return prompt.with({ instructions });
    }
  }
  return prompt.with({ instructions: [...instructions, new UserMessage(text)] });
}
