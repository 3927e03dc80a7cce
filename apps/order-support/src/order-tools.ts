import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { OrderGateway } from './order-gateway';

/** Outcome codes of {@link OrderTools.getOrderStatus}. */
export type OrderStatusCode = 'OK' | 'INVALID_ID' | 'AUTH_REQUIRED' | 'NOT_FOUND_OR_FORBIDDEN';

/**
 * What {@link OrderTools.getOrderStatus} returns (serialised to JSON for the model), e.g.
 * `{"code":"OK","orderId":"A123","status":"运输中"}` or
 * `{"code":"INVALID_ID","message":"Order ids are \"A\" followed by 3 digits, e.g. A123."}`.
 */
export interface OrderStatusResult {
  readonly code: OrderStatusCode;
  /** The order id as asked, when it was well-formed. */
  readonly orderId?: string;
  /** Shipping status; present only when `code` is `OK`. */
  readonly status?: string;
  /** A hint for the model when `code` is not `OK`. */
  readonly message?: string;
}

/** The {@link ToolContext} key holding the authenticated user id. */
export const USER_ID_CONTEXT_KEY = 'userId';

/** Order ids are `A` followed by exactly 3 digits. */
export const ORDER_ID_PATTERN = /^A\d{3}$/;

/** Order tools for the support assistant. The user comes from the application, never from the model. */
@injectable()
export class OrderTools {
  constructor(@inject(OrderGateway) private readonly orders: OrderGateway) {}

  /**
   * Looks up the shipping status of one of the signed-in user's orders.
   *
   * @remarks The user id is read from the tool context (`userId`), so the model can neither see nor
   * choose it. A missing order and another user's order give the same `NOT_FOUND_OR_FORBIDDEN`
   * answer, so the tool does not reveal which order ids exist. A malformed id is rejected before the
   * database is touched.
   * @param orderId - the order id, `A` followed by 3 digits, e.g. `A123`
   * @param toolContext - carries `userId`, the authenticated user
   * @returns `OK` with the status, or `INVALID_ID`, `AUTH_REQUIRED` or `NOT_FOUND_OR_FORBIDDEN`
   */
  @Tool({ description: 'Get the shipping status of one of the current user’s orders by its order id.' })
  getOrderStatus(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A123' }) orderId: string,
    toolContext: ToolContext,
  ): OrderStatusResult {
    const userId: unknown = toolContext?.get(USER_ID_CONTEXT_KEY);
    if (typeof userId !== 'string' || userId.trim() === '') {
      return { code: 'AUTH_REQUIRED', message: 'No signed-in user; ask the user to sign in first.' };
    }
    if (typeof orderId !== 'string' || !ORDER_ID_PATTERN.test(orderId)) {
      return { code: 'INVALID_ID', message: 'Order ids are "A" followed by 3 digits, e.g. A123.' };
    }
    const order = this.orders.findOrder(orderId);
    if (order === undefined || order.userId !== userId) {
      return {
        code: 'NOT_FOUND_OR_FORBIDDEN',
        orderId,
        message: 'No order with this id was found for the current user.',
      };
    }
    return { code: 'OK', orderId, status: order.status };
  }
}
