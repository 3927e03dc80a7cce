import { type ToolContext } from '@sprout-ai/core';
import { McpRequestContext, McpTool, McpToolParam } from '@sprout-ai/mcp';
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
  @McpTool({
    title: 'Order status',
    description: 'Get the shipping status of one of the current user’s orders by its order id.',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  })
  override getOrderStatus(
    @McpToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A123' }) orderId: string,
    toolContext: ToolContext,
  ): OrderStatusResult {
    return super.getOrderStatus(orderId, toolContext);
  }

  /**
   * Looks up several of the calling user's orders, reporting progress after each one (when the
   * client sent a progress token).
   *
   * @param orderIds - order ids, e.g. `["A123", "A124"]`
   * @param toolContext - carries `userId` and the MCP request context
   */
  @McpTool({
    title: 'Track orders',
    description: 'Get the shipping status of several of the current user’s orders, with progress.',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  })
  async trackOrders(
    @McpToolParam({ description: 'Order ids, each "A" followed by 3 digits' }) orderIds: string[],
    toolContext: ToolContext,
  ): Promise<OrderStatusResult[]> {
    const mcp = McpRequestContext.from(toolContext);
    const results: OrderStatusResult[] = [];
    for (const [index, orderId] of orderIds.entries()) {
      results.push(super.getOrderStatus(orderId, toolContext));
      await mcp.progress(index + 1, orderIds.length, `Looked up ${orderId}`);
    }
    return results;
  }
}
