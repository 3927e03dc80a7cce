import { ChatClient } from '@sprout-ai/chat-client';
import { chatModel } from './model';

// The default system text is a template; each request fills in its own parameters.
const chatClient = ChatClient.builder(chatModel)
  .defaultSystem((s) =>
    s.text('You are the order desk of {shop}. The customer is {customerId}.').param('shop', 'Sprout Shop'),
  )
  .build();

export async function askAboutOrder(customerId: string, orderId: string): Promise<string> {
  return chatClient
    .prompt()
    .system((s) => s.param('customerId', customerId))
    .user((u) => u.text('Where is my order {orderId}?').param('orderId', orderId))
    .call()
    .content();
}
