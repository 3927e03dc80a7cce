import { type ToolDefinition, toolDefinition } from '@sprout-ai/core';

function tool(name: string, description: string, parameters: Record<string, string> = {}): ToolDefinition {
  const properties = Object.fromEntries(
    Object.entries(parameters).map(([key, text]) => [key, { type: 'string', description: text }]),
  );
  return toolDefinition({ name, description, inputSchema: JSON.stringify({ type: 'object', properties }) });
}

/** A small order desk: English and Chinese descriptions, names in camelCase and snake_case. */
export const DESK_TOOLS: readonly ToolDefinition[] = [
  tool('getOrderStatus', 'Status and delivery progress of an order', { orderId: 'The order number, e.g. A123' }),
  tool('cancel_order', 'Cancel an order that has not shipped yet', { orderId: 'The order number' }),
  tool('createReturnLabel', 'Create a return shipping label for items the customer sends back', {
    orderId: 'The order number',
    reason: 'Why the customer returns the items',
  }),
  tool('updateShippingAddress', 'Change where an order is delivered', { address: 'The new street address' }),
  tool('lookupInvoice', '查询订单的发票', { orderId: '订单号' }),
  tool('refundPayment', '为已退货的订单退款', { orderId: '订单号', amount: '退款金额' }),
  tool('getWeather', 'Current weather for a city', { city: 'City name' }),
];
