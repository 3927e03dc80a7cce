import { type ToolContext } from '@sprout-ai/core';
import { McpTool, McpToolParam } from '@sprout-ai/mcp';
import { type OrderStatusResult, OrderTools } from '@sprout-ai/order-support/dist/order-tools';

/**
 * The order-support app's {@link OrderTools}, exposed over MCP: the same lookup, the same
 * `ToolContext` identity rule (`userId`, never an argument), one extra decorator.
 */
export class McpOrderTools extends OrderTools {
  /**
   * Looks up the shipping status of one of the calling user's orders.
   *
   * @param orderId - the order id, `A` followed by 3 digits, e.g. `A123`
   * @param toolContext - carries `userId`, the caller (from the bearer token or the stdio launch)
   */
  @McpTool({ description: 'Get the shipping status of one of the current user’s orders by its order id.' })
  override getOrderStatus(
    @McpToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A123' }) orderId: string,
    toolContext: ToolContext,
  ): OrderStatusResult {
    return super.getOrderStatus(orderId, toolContext);
  }
}
