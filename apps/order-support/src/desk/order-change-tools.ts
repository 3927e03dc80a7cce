import { inject, injectable } from 'inversify';
import { type Integer, Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { OrderGateway } from '../order-gateway';
import { type DeskResult, invalid, notAllowed } from './desk-result';
import type { OrderDetails } from './desk-seed';
import { DeskStore } from './desk-store';
import { CANCELLED_STATUS, isOwnedOrder, NOT_SHIPPED_STATUSES, ownedOrder } from './owned-order';

/** Changes to an order before it ships: cancel it, change a quantity, add a gift message; or order it again. */
@injectable()
export class OrderChangeTools {
  constructor(
    @inject(OrderGateway) private readonly orders: OrderGateway,
    @inject(DeskStore) private readonly store: DeskStore,
  ) {}

  // A person approves every cancellation before it happens (docs/approval.md).
  @Tool({
    description: 'Cancel an order that has not shipped yet; the payment is refunded automatically.',
    approval: 'required',
  })
  cancelOrder(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A200' }) orderId: string,
    @ToolParam({ description: 'Why the customer cancels, in their words' }) reason: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    if (!NOT_SHIPPED_STATUSES.includes(found.order.status)) {
      return notAllowed(`Order ${orderId} is ${found.order.status} and can no longer be cancelled; offer a return.`);
    }
    this.orders.updateStatus(orderId, CANCELLED_STATUS);
    this.store.save({
      kind: 'order',
      id: orderId,
      userId: found.userId,
      data: { ...found.details, cancelled: true, cancelReason: reason },
    });
    return { code: 'OK', orderId, status: CANCELLED_STATUS, refundCents: found.details.totalCents };
  }

  @Tool({ description: 'Change how many of one item an order contains, before the order ships.' })
  changeItemQuantity(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A200' }) orderId: string,
    @ToolParam({ description: 'The item’s SKU as listed in the order details, e.g. BUDS-05' }) sku: string,
    @ToolParam({ description: 'The new quantity, 1 to 10' }) quantity: Integer,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10) return invalid('The quantity must be 1 to 10.');
    if (!NOT_SHIPPED_STATUSES.includes(found.order.status)) {
      return notAllowed(`Order ${orderId} has already shipped; its items can no longer change.`);
    }
    const line = found.details.lines.find((l) => l.sku === sku);
    if (line === undefined) return invalid(`Order ${orderId} has no item ${sku}; see its details for the SKUs.`);
    const lines = found.details.lines.map((l) => (l.sku === sku ? { ...l, quantity } : l));
    const totalCents = lines.reduce((sum, l) => sum + l.quantity * l.priceCents, 0);
    this.store.save({
      kind: 'order',
      id: orderId,
      userId: found.userId,
      data: { ...found.details, lines, totalCents },
    });
    return { code: 'OK', orderId, sku, quantity, totalCents };
  }

  @Tool({ description: 'Add a gift message to be printed on the packing slip of an order that has not shipped.' })
  addGiftMessage(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A200' }) orderId: string,
    @ToolParam({ description: 'The message, at most 200 characters' }) message: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    if (typeof message !== 'string' || message.trim() === '' || message.length > 200) {
      return invalid('The gift message must be 1 to 200 characters.');
    }
    if (!NOT_SHIPPED_STATUSES.includes(found.order.status)) return notAllowed(`Order ${orderId} has already shipped.`);
    const data: OrderDetails = { ...found.details, giftMessage: message.trim() };
    this.store.save({ kind: 'order', id: orderId, userId: found.userId, data });
    return { code: 'OK', orderId, giftMessage: data.giftMessage };
  }

  @Tool({ description: 'Place a new order with the same items as an earlier order (buy again).' })
  reorder(
    @ToolParam({ description: 'The earlier order id, e.g. A150' }) orderId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    const draftId = this.store.nextId('draft-order', 'D-');
    this.store.save({
      kind: 'draft-order',
      id: draftId,
      userId: found.userId,
      data: { from: orderId, lines: found.details.lines },
    });
    return {
      code: 'OK',
      draftId,
      lines: found.details.lines,
      message: 'A draft order was created; the customer confirms and pays it in the app.',
    };
  }
}
