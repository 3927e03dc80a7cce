import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { OrderGateway } from '../order-gateway';
import { type DeskResult, invalid, notAllowed, notFound } from './desk-result';
import type { OrderDetails } from './desk-seed';
import { DeskStore } from './desk-store';
import { isOwnedOrder, NOT_SHIPPED_STATUSES, ownedOrder } from './owned-order';

/** Shipping speeds the warehouse offers. */
export type ShippingSpeed = 'standard' | 'express' | 'next-day';

/** Price of each speed in cents, and its days to deliver. */
const SPEEDS: Readonly<Record<ShippingSpeed, { priceCents: number; days: string }>> = {
  standard: { priceCents: 0, days: '3-5' },
  express: { priceCents: 1500, days: '1-2' },
  'next-day': { priceCents: 3000, days: '1' },
};

/** The parcel of an order: tracking, where it goes, when and how fast. */
@injectable()
export class ShipmentTools {
  constructor(
    @inject(OrderGateway) private readonly orders: OrderGateway,
    @inject(DeskStore) private readonly store: DeskStore,
  ) {}

  @Tool({ description: 'Track the parcel of a shipped order: carrier, tracking number and every scan event so far.' })
  trackShipment(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A123' }) orderId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    const { carrier, trackingNumber, trackingEvents } = found.details;
    if (trackingNumber === undefined) return notAllowed(`Order ${orderId} has not shipped yet; there is no tracking.`);
    return { code: 'OK', orderId, carrier, trackingNumber, events: trackingEvents ?? [] };
  }

  @Tool({ description: 'Send an order that has not shipped yet to another of the customer’s saved addresses.' })
  changeShippingAddress(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A200' }) orderId: string,
    @ToolParam({ description: 'Id of a saved address from the address book, e.g. ADDR-2' }) addressId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    if (this.store.findOwned('address', addressId, found.userId) === undefined)
      return notFound('saved address', addressId);
    if (!NOT_SHIPPED_STATUSES.includes(found.order.status)) {
      return notAllowed(`Order ${orderId} has already shipped; ask the carrier to redirect it instead.`);
    }
    this.save(found.userId, orderId, { ...found.details, shippingAddressId: addressId });
    return { code: 'OK', orderId, shippingAddressId: addressId };
  }

  @Tool({ description: 'Move the delivery of an order to another day the customer is at home.' })
  rescheduleDelivery(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A123' }) orderId: string,
    @ToolParam({ description: 'The new delivery date, YYYY-MM-DD, within 14 days' }) date: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return invalid('The date must be YYYY-MM-DD.');
    if (found.details.deliveredAt !== undefined) return notAllowed(`Order ${orderId} was already delivered.`);
    this.save(found.userId, orderId, { ...found.details, estimatedDelivery: date });
    return { code: 'OK', orderId, estimatedDelivery: date };
  }

  @Tool({ description: 'Shipping speeds (standard, express, next-day) with their price and delivery days.' })
  getShippingOptions(): DeskResult {
    return { code: 'OK', options: Object.entries(SPEEDS).map(([speed, o]) => ({ speed, ...o })) };
  }

  @Tool({ description: 'Upgrade an order that has not shipped to faster delivery (express or next-day), for a fee.' })
  upgradeShippingSpeed(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A200' }) orderId: string,
    @ToolParam({ description: 'The faster speed: express or next-day' }) speed: ShippingSpeed,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    if (!(speed in SPEEDS)) return invalid('The speed is standard, express or next-day.');
    if (!NOT_SHIPPED_STATUSES.includes(found.order.status)) return notAllowed(`Order ${orderId} has already shipped.`);
    this.save(found.userId, orderId, { ...found.details, shippingSpeed: speed });
    return { code: 'OK', orderId, shippingSpeed: speed, feeCents: SPEEDS[speed].priceCents };
  }

  private save(userId: string, orderId: string, data: OrderDetails): void {
    this.store.save({ kind: 'order', id: orderId, userId, data });
  }
}
