import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { OrderGateway } from '../order-gateway';
import { type DeskResult, invalid, notAllowed } from './desk-result';
import { DeskStore } from './desk-store';
import { DELIVERED_STATUS, isOwnedOrder, type OwnedOrder, ownedOrder } from './owned-order';

/** Problems with a delivery: a parcel that never came, a broken item, a wrong item. Each opens a claim. */
@injectable()
export class DeliveryIssueTools {
  constructor(
    @inject(OrderGateway) private readonly orders: OrderGateway,
    @inject(DeskStore) private readonly store: DeskStore,
  ) {}

  @Tool({ description: 'Report a parcel marked as delivered that the customer never received (lost or stolen).' })
  reportMissingPackage(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A150' }) orderId: string,
    @ToolParam({ description: 'What the customer says happened, e.g. where they looked' }) details: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    if (found.order.status !== DELIVERED_STATUS) {
      return notAllowed(`Order ${orderId} is ${found.order.status}, not delivered yet; track it instead.`);
    }
    return this.claim(found, 'missing-package', { details });
  }

  @Tool({ description: 'Report an item that arrived damaged or broken; photos can be added to the claim later.' })
  reportDamagedItem(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A150' }) orderId: string,
    @ToolParam({ description: 'The damaged item’s SKU, e.g. KETTLE-1' }) sku: string,
    @ToolParam({ description: 'What is damaged and how' }) description: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    if (!found.details.lines.some((l) => l.sku === sku)) return invalid(`Order ${orderId} has no item ${sku}.`);
    return this.claim(found, 'damaged-item', { sku, description });
  }

  @Tool({ description: 'Report that the parcel contained a different item than the one ordered.' })
  reportWrongItem(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A150' }) orderId: string,
    @ToolParam({ description: 'SKU of the item that was ordered' }) orderedSku: string,
    @ToolParam({ description: 'What arrived instead, in the customer’s words' }) received: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    if (!found.details.lines.some((l) => l.sku === orderedSku))
      return invalid(`Order ${orderId} has no item ${orderedSku}.`);
    return this.claim(found, 'wrong-item', { sku: orderedSku, received });
  }

  private claim(found: OwnedOrder, type: string, data: Record<string, unknown>): DeskResult {
    const claimId = this.store.nextId('claim', 'C-');
    this.store.save({
      kind: 'claim',
      id: claimId,
      userId: found.userId,
      data: { type, orderId: found.order.orderId, ...data },
    });
    return { code: 'OK', claimId, type, message: 'The claim is open; the customer hears back within 2 working days.' };
  }
}
