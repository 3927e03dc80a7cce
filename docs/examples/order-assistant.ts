import path from 'node:path';
import { ContainerModule, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { SproutApplication } from '@sprout-ai/boot';

@injectable()
export class OrderTools {
  private readonly orders = new Map([['A123', { userId: 'u7', status: 'shipped' }]]);

  @Tool({ description: 'Get the shipping status of one of the signed-in user’s orders' })
  getOrderStatus(@ToolParam({ description: 'Order id, e.g. A123' }) orderId: string, toolContext: ToolContext) {
    const userId = toolContext.get<string>('userId'); // set by the application, never by the model
    const order = this.orders.get(orderId);
    if (order === undefined || order.userId !== userId) return { code: 'NOT_FOUND_OR_FORBIDDEN' };
    return { code: 'OK', status: order.status };
  }
}

export async function ask(question: string, userId: string): Promise<string> {
  const app = await SproutApplication.run({
    modules: [new ContainerModule(({ bind }) => void bind(OrderTools).toSelf())],
    schemaManifest: path.join(__dirname, 'tool-schemas.json'), // written by sprout-schema at build time
  });
  try {
    return await app.chatClient().prompt().user(question).toolContext({ userId }).call().content();
  } finally {
    await app.close();
  }
}
