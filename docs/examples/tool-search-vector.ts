import { ChatClient, ToolSearchToolCallingAdvisor, TtlEvictionStrategy, VectorToolIndex } from '@sprout-ai/chat-client';
import { CHAT_MEMORY_CONVERSATION_ID, FunctionToolCallback } from '@sprout-ai/core';
import { OpenAiEmbeddingModel } from '@sprout-ai/openai';
import { chatModel } from './model';

const embeddingModel = new OpenAiEmbeddingModel({
  baseUrl: process.env.OPENAI_BASE_URL, // key from OPENAI_API_KEY
  model: 'text-embedding-3-small',
});

const holdParcel = FunctionToolCallback.builder<{ parcelId: string }, string>(
  'holdParcel',
  ({ parcelId }) => `${parcelId} held at the depot`,
)
  .description('Stop a parcel before delivery and keep it at the depot')
  .inputSchema({ type: 'object', properties: { parcelId: { type: 'string' } }, required: ['parcelId'] })
  .build();

const toolSearch = ToolSearchToolCallingAdvisor.builder()
  .toolIndex(new VectorToolIndex({ embeddingModel })) // tools embedded once per session
  .minScoreThreshold(0.3) // cosine similarity, -1 to 1
  .evictionStrategy(new TtlEvictionStrategy(30 * 60_000)); // forget sessions idle for 30 minutes

const chatClient = ChatClient.builder(chatModel)
  .toolCallingAdvisorBuilder(toolSearch)
  .defaultTools(holdParcel /* , ...hundreds more */)
  .build();

/** "Don't deliver my parcel yet" finds `holdParcel` by meaning, though no word matches. */
export async function askByMeaning(conversationId: string, text: string): Promise<string> {
  return chatClient
    .prompt(text)
    .advisors((advisor) => advisor.param(CHAT_MEMORY_CONVERSATION_ID, conversationId))
    .call()
    .content();
}
