import {
  ChatClient,
  FullTextToolIndex,
  MessageChatMemoryAdvisor,
  ToolSearchToolCallingAdvisor,
} from '@sprout-ai/chat-client';
import { CHAT_MEMORY_CONVERSATION_ID, FunctionToolCallback, MessageWindowChatMemory } from '@sprout-ai/core';
import { chatModel } from './model';

/** One desk tool taking an order number; a real desk has dozens of these. */
function deskTool(name: string, description: string, run: (orderId: string) => string) {
  return FunctionToolCallback.builder<{ orderId: string }, string>(name, ({ orderId }) => run(orderId))
    .description(description)
    .inputSchema({
      type: 'object',
      properties: { orderId: { type: 'string', description: 'The order number, e.g. A123' } },
      required: ['orderId'],
    })
    .build();
}

const deskTools = [
  deskTool('getOrderStatus', 'Status and delivery progress of an order', (id) => `${id} is in transit`),
  deskTool('cancelOrder', 'Cancel an order that has not shipped yet', (id) => `${id} cancelled`),
  deskTool('createReturnLabel', 'Create a return shipping label for items sent back', (id) => `label for ${id}`),
  deskTool('requestRefund', '为已退货的订单申请退款', (id) => `refund requested for ${id}`),
  // ... and forty more
];

const toolSearch = ToolSearchToolCallingAdvisor.builder()
  .toolIndex(new FullTextToolIndex()) // ranked; the default RegexToolIndex matches words
  .maxResults(2); // names per search (default 10)

const chatClient = ChatClient.builder(chatModel)
  .toolCallingAdvisorBuilder(toolSearch) // the loop of every request is the tool-search one
  .defaultAdvisors(MessageChatMemoryAdvisor.builder(MessageWindowChatMemory.builder().build()).build())
  .defaultTools(...deskTools)
  .build();

/** One turn of a conversation; its id is also the tool-search session. */
export async function ask(conversationId: string, text: string): Promise<string> {
  return chatClient
    .prompt(text)
    .advisors((advisor) => advisor.param(CHAT_MEMORY_CONVERSATION_ID, conversationId))
    .call()
    .content();
}
