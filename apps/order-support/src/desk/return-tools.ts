import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { OrderGateway } from '../order-gateway';
import { AUTH_REQUIRED, type DeskResult, invalid, notAllowed, notFound, signedInUser } from './desk-result';
import { DeskStore } from './desk-store';
import { DELIVERED_STATUS, isOwnedOrder, type OwnedOrder, ownedOrder } from './owned-order';

/** Why an item goes back. */
export type ReturnReason = 'damaged' | 'wrong-item' | 'not-as-described' | 'no-longer-needed' | 'size-or-fit';

/** A return as the desk stores it. */
interface ReturnData {
  readonly orderId: string;
  readonly sku: string;
  readonly reason: ReturnReason;
  readonly status: 'awaiting-parcel' | 'received' | 'refunded' | 'cancelled';
  readonly exchangeFor?: string;
  readonly labelUrl?: string;
}

/** Days after delivery during which an item may be returned. */
const RETURN_WINDOW_DAYS = 30;
/** "Today" of the demo data, so the window check gives the same answer on every run. */
const DEMO_TODAY = '2026-12-02';
const REASONS: readonly ReturnReason[] = [
  'damaged',
  'wrong-item',
  'not-as-described',
  'no-longer-needed',
  'size-or-fit',
];

/** Sending items back: eligibility, starting and cancelling a return, its label and status, exchanges. */
@injectable()
export class ReturnTools {
  constructor(
    @inject(OrderGateway) private readonly orders: OrderGateway,
    @inject(DeskStore) private readonly store: DeskStore,
  ) {}

  @Tool({ description: 'Check whether an item of a delivered order can still be returned (30-day window).' })
  checkReturnEligibility(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A150' }) orderId: string,
    @ToolParam({ description: 'The item’s SKU, e.g. KETTLE-1' }) sku: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    const refusal = this.refusal(found, sku);
    return refusal === undefined
      ? {
          code: 'OK',
          orderId,
          sku,
          eligible: true,
          returnBy: addDays(found.details.deliveredAt ?? DEMO_TODAY, RETURN_WINDOW_DAYS),
        }
      : { code: 'OK', orderId, sku, eligible: false, why: refusal };
  }

  @Tool({ description: 'Start a return of an item for a refund; the customer then gets a return shipping label.' })
  startReturn(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A150' }) orderId: string,
    @ToolParam({ description: 'The item’s SKU, e.g. KETTLE-1' }) sku: string,
    @ToolParam({ description: 'Why it goes back' }) reason: ReturnReason,
    toolContext: ToolContext,
  ): DeskResult {
    return this.open(orderId, sku, reason, undefined, toolContext);
  }

  @Tool({ description: 'Exchange an item of a delivered order for another size or colour instead of a refund.' })
  requestExchange(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A150' }) orderId: string,
    @ToolParam({ description: 'SKU of the item going back' }) sku: string,
    @ToolParam({ description: 'The variant wanted instead, e.g. "size L" or "blue"' }) wantedVariant: string,
    toolContext: ToolContext,
  ): DeskResult {
    return this.open(orderId, sku, 'size-or-fit', wantedVariant, toolContext);
  }

  @Tool({
    description: 'Status of a return: waiting for the parcel, received at the warehouse, refunded or cancelled.',
  })
  getReturnStatus(
    @ToolParam({ description: 'Return id, e.g. R-1001' }) returnId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const found = this.store.findOwned<ReturnData>('return', returnId, userId);
    return found === undefined ? notFound('return', returnId) : { code: 'OK', returnId, ...found.data };
  }

  @Tool({ description: 'Get the prepaid return shipping label (a printable PDF link) of a return.' })
  createReturnLabel(
    @ToolParam({ description: 'Return id, e.g. R-1001' }) returnId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const found = this.store.findOwned<ReturnData>('return', returnId, userId);
    if (found === undefined) return notFound('return', returnId);
    if (found.data.status !== 'awaiting-parcel') return notAllowed(`Return ${returnId} is ${found.data.status}.`);
    const labelUrl = `https://labels.example.com/${returnId}.pdf`;
    this.store.save({ ...found, data: { ...found.data, labelUrl } });
    return { code: 'OK', returnId, labelUrl, dropOff: 'any 顺丰 service point within 7 days' };
  }

  @Tool({ description: 'Cancel a return the customer no longer wants to send back.' })
  cancelReturn(
    @ToolParam({ description: 'Return id, e.g. R-1001' }) returnId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const found = this.store.findOwned<ReturnData>('return', returnId, userId);
    if (found === undefined) return notFound('return', returnId);
    if (found.data.status !== 'awaiting-parcel') return notAllowed(`Return ${returnId} is ${found.data.status}.`);
    this.store.save({ ...found, data: { ...found.data, status: 'cancelled' } });
    return { code: 'OK', returnId, status: 'cancelled' };
  }

  private open(
    orderId: string,
    sku: string,
    reason: ReturnReason,
    exchangeFor: string | undefined,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    if (!REASONS.includes(reason)) return invalid(`The reason is one of ${REASONS.join(', ')}.`);
    const refusal = this.refusal(found, sku);
    if (refusal !== undefined) return notAllowed(refusal);
    const returnId = this.store.nextId('return', 'R-');
    const data: ReturnData = {
      orderId,
      sku,
      reason,
      status: 'awaiting-parcel',
      ...(exchangeFor ? { exchangeFor } : {}),
    };
    this.store.save({ kind: 'return', id: returnId, userId: found.userId, data });
    return { code: 'OK', returnId, ...data, next: 'Create the return label and send the item within 7 days.' };
  }

  /** Why `sku` of the order cannot be returned, or `undefined` when it can. */
  private refusal(found: OwnedOrder, sku: string): string | undefined {
    if (found.order.status !== DELIVERED_STATUS || found.details.deliveredAt === undefined) {
      return 'Only delivered orders can be returned; an order that has not shipped can be cancelled.';
    }
    if (!found.details.lines.some((l) => l.sku === sku)) return `The order has no item ${sku}.`;
    if (addDays(found.details.deliveredAt, RETURN_WINDOW_DAYS) < DEMO_TODAY)
      return 'The 30-day return window has closed.';
    const open = this.store
      .list<ReturnData>('return', found.userId)
      .some((r) => r.data.orderId === found.order.orderId && r.data.sku === sku && r.data.status !== 'cancelled');
    return open ? 'This item already has a return.' : undefined;
  }
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
