/** Role of a chat message, as sent on the OpenAI wire (`role`). */
export enum MessageType {
  SYSTEM = 'system',
  USER = 'user',
  ASSISTANT = 'assistant',
  TOOL = 'tool',
}
