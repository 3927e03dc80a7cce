import { OpenAiChatModel } from '@sprout-ai/openai';

/**
 * The chat model the examples without a container use: OpenAI, or any OpenAI-compatible server
 * (`OPENAI_BASE_URL=http://localhost:11434/v1` for Ollama). The API key comes from `OPENAI_API_KEY`.
 */
export const chatModel = new OpenAiChatModel({
  baseUrl: process.env.OPENAI_BASE_URL,
  defaultOptions: { model: 'gpt-4o-mini' },
});
