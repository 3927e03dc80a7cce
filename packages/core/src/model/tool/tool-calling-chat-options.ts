import type { ChatOptions } from '../../chat/prompt/chat-options';
import type { ToolCallback } from '../../tool/tool-callback';

/**
 * Chat options that carry tools.
 *
 * @see Spring AI `ToolCallingChatOptions`
 */
export interface ToolCallingChatOptions extends ChatOptions {
  /** Tools sent to the model and executed by the loop. */
  readonly toolCallbacks?: readonly ToolCallback[];
  /** Names resolved through the manager's `ToolCallbackResolver` (Spring 1.x's `toolNames`). */
  readonly toolNames?: readonly string[];
  /** Application data passed to every tool call; never sent to the model. */
  readonly toolContext?: Readonly<Record<string, unknown>>;
}
