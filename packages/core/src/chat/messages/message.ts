import type { AssistantMessage } from './assistant-message';
import type { SystemMessage } from './system-message';
import type { ToolResponseMessage } from './tool-response-message';
import type { UserMessage } from './user-message';

/** Any message of a conversation; narrow with `instanceof` or `messageType`. */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolResponseMessage;
