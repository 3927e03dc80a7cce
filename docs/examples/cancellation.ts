import type { ChatClient } from '@sprout-ai/chat-client';
import { RequestAbortedError } from '@sprout-ai/core';

export async function askWithin(chatClient: ChatClient, question: string, timeoutMs: number): Promise<string> {
  try {
    return await chatClient.prompt(question).abortSignal(AbortSignal.timeout(timeoutMs)).call().content();
  } catch (error) {
    if (!RequestAbortedError.isInstance(error)) throw error; // unlike instanceof, true across package copies
    // error.reason is the signal's reason: here the DOMException named 'TimeoutError'
    return `No answer within ${timeoutMs / 1000} s; please try again.`;
  }
}
