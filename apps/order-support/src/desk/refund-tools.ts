import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { OrderGateway } from '../order-gateway';
import { type DeskResult, notAllowed } from './desk-result';
import { DeskStore } from './desk-store';
import { isOwnedOrder, ownedOrder } from './owned-order';

/** A refund as the desk stores it (one per order). */
interface RefundData {
  readonly orderId: string;
  readonly amountCents: number;
  readonly reason: string;
  readonly status: 'requested' | 'approved' | 'paid';
}

/** Money back: asking for a refund of an order, and where a refund stands. */
@injectable()
export class RefundTools {
  constructor(
    @inject(OrderGateway) private readonly orders: OrderGateway,
    @inject(DeskStore) private readonly store: DeskStore,
  ) {}

  @Tool({ description: 'Request a refund of an order’s payment to the original payment method (money back).' })
  requestRefund(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A150' }) orderId: string,
    @ToolParam({ description: 'Why the customer wants the money back' }) reason: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    if (this.store.find('refund', orderId) !== undefined) return notAllowed(`Order ${orderId} already has a refund.`);
    const data: RefundData = { orderId, amountCents: found.details.totalCents, reason, status: 'requested' };
    this.store.save({ kind: 'refund', id: orderId, userId: found.userId, data });
    return { code: 'OK', ...data, message: 'Refunds reach the original payment method within 3-5 working days.' };
  }

  @Tool({ description: 'Where the refund of an order stands: requested, approved or paid out, and the amount.' })
  getRefundStatus(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A150' }) orderId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    const refund = this.store.find<RefundData>('refund', orderId);
    return refund === undefined
      ? { code: 'OK', orderId, refund: null, message: 'No refund was requested for this order.' }
      : { code: 'OK', ...refund.data };
  }
}
