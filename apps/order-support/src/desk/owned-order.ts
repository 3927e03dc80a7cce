import type { ToolContext } from '@sprout-ai/core';
import type { OrderGateway, OrderRecord } from '../order-gateway';
import { ORDER_ID_PATTERN } from '../order-tools';
import { AUTH_REQUIRED, type DeskResult, invalid, notFound, signedInUser } from './desk-result';
import type { OrderDetails } from './desk-seed';
import type { DeskStore } from './desk-store';

/** An order of the signed-in user: its status row and the desk's details. */
export interface OwnedOrder {
  readonly userId: string;
  readonly order: OrderRecord;
  readonly details: OrderDetails;
}

/**
 * The signed-in user's order `orderId`, or the answer to give instead: `AUTH_REQUIRED`,
 * `INVALID_INPUT` for a malformed id (before any look-up), or `NOT_FOUND_OR_FORBIDDEN` for a missing
 * order and another user's alike.
 */
export function ownedOrder(
  orders: OrderGateway,
  store: DeskStore,
  orderId: string,
  toolContext: ToolContext | undefined,
): OwnedOrder | DeskResult {
  const userId = signedInUser(toolContext);
  if (userId === undefined) return AUTH_REQUIRED;
  if (typeof orderId !== 'string' || !ORDER_ID_PATTERN.test(orderId)) {
    return invalid('Order ids are "A" followed by 3 digits, e.g. A123.');
  }
  const order = orders.findOrder(orderId);
  const details = store.findOwned<OrderDetails>('order', orderId, userId);
  if (order === undefined || order.userId !== userId || details === undefined) return notFound('order', orderId);
  return { userId, order, details: details.data };
}

/** True when {@link ownedOrder} found the order (else it is the answer to return). */
export function isOwnedOrder(value: OwnedOrder | DeskResult): value is OwnedOrder {
  return 'order' in value && 'details' in value;
}

/** Order statuses (the order gateway's, in Chinese) before the parcel leaves the warehouse. */
export const NOT_SHIPPED_STATUSES: readonly string[] = ['待发货'];
/** The status of a delivered order. */
export const DELIVERED_STATUS = '已签收';
/** The status of a cancelled order. */
export const CANCELLED_STATUS = '已取消';
