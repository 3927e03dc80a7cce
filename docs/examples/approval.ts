import { approveToolCall, type ChatClient } from '@sprout-ai/chat-client';
import { CHAT_MEMORY_CONVERSATION_ID } from '@sprout-ai/core';

/** Asks; when the turn pauses for approval, approves every pending call (after asking a person) and resumes. */
export async function askWithApproval(client: ChatClient, conversationId: string, text: string): Promise<string> {
  const response = await client
    .prompt(text)
    .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, conversationId))
    .call()
    .chatResponse();
  const pending = response?.metadata.pendingApproval;
  if (pending === undefined) return response?.result?.output.text ?? '';
  const decisions = pending.calls.map((call) => approveToolCall(call)); // or rejectToolCall(call, 'why')
  return client.prompt().resume(pending.conversationId, decisions).call().content();
}
