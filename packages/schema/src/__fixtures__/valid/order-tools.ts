import { Tool, ToolContext } from '@sprout-ai/core';

/** An order as the tools return it. */
export interface Order {
  id: string;
  status: string;
}

export class OrderTools {
  /**
   * Current status of an order.
   *
   * @param orderId - The order number, e.g. `A-1001`.
   * @param context - who is asking
   * @returns the status
   */
  @Tool()
  getOrderStatus(orderId: string, context: ToolContext): string {
    return `${orderId}:${String(context.get('userId'))}`;
  }

  /**
   * Cancels an order
   * that has not shipped yet.
   *
   * @param orderId - The order number.
   * @param reason - Why the customer cancels.
   * @param notifyCustomer - Whether to e-mail the customer.
   */
  @Tool({ description: 'Cancel an order' })
  cancelOrder(orderId: string, reason?: string, notifyCustomer = true): void {
    void [orderId, reason, notifyCustomer];
  }

  /** Every open order. */
  @Tool()
  listOrders(): Promise<Order[]> {
    return Promise.resolve([]);
  }

  /** Moves an order to the archive. */
  @Tool()
  async archiveOrder(orderId: string): Promise<void> {
    await Promise.resolve(orderId);
  }

  /** Not a tool, so not in the manifest. */
  helper(callback: () => void): void {
    callback();
  }
}
