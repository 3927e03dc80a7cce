import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { OrderGateway } from '../order-gateway';
import { AUTH_REQUIRED, type DeskResult, signedInUser } from './desk-result';
import type { OrderDetails } from './desk-seed';
import { DeskStore } from './desk-store';
import { isOwnedOrder, ownedOrder } from './owned-order';

/** What the signed-in user has ordered: the list, one order's details, its expected delivery. */
@injectable()
export class OrderHistoryTools {
  constructor(
    @inject(OrderGateway) private readonly orders: OrderGateway,
    @inject(DeskStore) private readonly store: DeskStore,
  ) {}

  @Tool({ description: 'List the current user’s orders, newest first, with their status and total.' })
  listMyOrders(
    @ToolParam({ description: 'Only orders placed on or after this date, YYYY-MM-DD', required: false })
    since: string | undefined,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const orders = this.store
      .list<OrderDetails>('order', userId)
      .filter((r) => since === undefined || since === null || r.data.placedAt >= since)
      .sort((a, b) => b.data.placedAt.localeCompare(a.data.placedAt))
      .map((r) => ({
        orderId: r.id,
        placedAt: r.data.placedAt,
        status: this.orders.findOrder(r.id)?.status,
        totalCents: r.data.totalCents,
      }));
    return { code: 'OK', orders };
  }

  @Tool({
    description: 'Show the full details of one order: items, quantities, prices, total, shipping address and speed.',
  })
  getOrderDetails(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A123' }) orderId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    return { code: 'OK', orderId, status: found.order.status, ...found.details };
  }

  @Tool({ description: 'Estimated delivery date of an order that has not arrived yet (when will it arrive).' })
  getDeliveryEstimate(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A123' }) orderId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    const { deliveredAt, estimatedDelivery } = found.details;
    if (deliveredAt !== undefined) return { code: 'OK', orderId, deliveredAt };
    return { code: 'OK', orderId, estimatedDelivery };
  }
}
