import { AnthropicChatModel } from '@sprout-ai/anthropic';
import { ChatClient } from '@sprout-ai/chat-client';
import { FunctionToolCallback } from '@sprout-ai/core';

/** Claude as the chat model: the key from ANTHROPIC_API_KEY, the endpoint from ANTHROPIC_BASE_URL (else Anthropic's). */
export const claude = new AnthropicChatModel({
  baseUrl: process.env.ANTHROPIC_BASE_URL,
  defaultOptions: { model: 'claude-haiku-4-5', maxTokens: 1024 }, // max_tokens always goes out (the API requires it)
});

const getOrderStatus = FunctionToolCallback.builder('getOrderStatus', (input: { orderId: string }) => ({
  orderId: input.orderId,
  status: 'shipped',
}))
  .description('Shipping status of an order')
  .inputSchema('{"type":"object","properties":{"orderId":{"type":"string"}},"required":["orderId"]}')
  .build();

// The same ChatClient, tools and loop as with OpenAI: only the model differs.
export async function askClaude(question: string): Promise<string | undefined> {
  return ChatClient.create(claude).prompt(question).tools(getOrderStatus).call().content();
}

export async function streamClaude(question: string, onText: (text: string) => void): Promise<void> {
  for await (const text of ChatClient.create(claude).prompt(question).tools(getOrderStatus).stream().content()) {
    onText(text);
  }
}
