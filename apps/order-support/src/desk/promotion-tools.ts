import { inject, injectable } from 'inversify';
import { type Integer, Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { OrderGateway } from '../order-gateway';
import { AUTH_REQUIRED, type DeskResult, invalid, notAllowed, notFound, signedInUser } from './desk-result';
import { DeskStore } from './desk-store';
import { isOwnedOrder, NOT_SHIPPED_STATUSES, ownedOrder } from './owned-order';

interface CouponData {
  readonly description: string;
  readonly percentOff: number;
  readonly minTotalCents: number;
  readonly validUntil: string;
}

interface LoyaltyData {
  readonly points: number;
  readonly tier: string;
}

/** Points are worth one cent each when redeemed. */
const CENTS_PER_POINT = 1;

/** Discounts: coupon codes and loyalty points. */
@injectable()
export class PromotionTools {
  constructor(
    @inject(OrderGateway) private readonly orders: OrderGateway,
    @inject(DeskStore) private readonly store: DeskStore,
  ) {}

  @Tool({ description: 'List the coupon codes and promotions the customer can use now (discounts, free shipping).' })
  listAvailableCoupons(): DeskResult {
    return { code: 'OK', coupons: this.store.list<CouponData>('coupon', '').map((r) => ({ code: r.id, ...r.data })) };
  }

  @Tool({ description: 'Apply a coupon or promo code to an order that has not shipped, lowering its total.' })
  applyCouponCode(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A200' }) orderId: string,
    @ToolParam({ description: 'The coupon code, e.g. WELCOME10' }) couponCode: string,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    const coupon = this.store.find<CouponData>('coupon', couponCode.toUpperCase());
    if (coupon === undefined) return invalid(`There is no coupon ${couponCode}; list the available ones.`);
    if (!NOT_SHIPPED_STATUSES.includes(found.order.status)) return notAllowed(`Order ${orderId} has already shipped.`);
    if (found.details.couponCode !== undefined)
      return notAllowed(`Order ${orderId} already uses ${found.details.couponCode}.`);
    if (found.details.totalCents < coupon.data.minTotalCents)
      return notAllowed(`${coupon.id}: ${coupon.data.description}.`);
    const discountCents = Math.round((found.details.totalCents * coupon.data.percentOff) / 100);
    const totalCents = found.details.totalCents - discountCents;
    this.store.save({
      kind: 'order',
      id: orderId,
      userId: found.userId,
      data: { ...found.details, couponCode: coupon.id, totalCents },
    });
    return { code: 'OK', orderId, couponCode: coupon.id, discountCents, totalCents };
  }

  @Tool({ description: 'How many loyalty points (积分) the customer has, and their membership tier.' })
  getLoyaltyPoints(toolContext: ToolContext): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const found = this.store.findOwned<LoyaltyData>('loyalty', userId, userId);
    return {
      code: 'OK',
      points: found?.data.points ?? 0,
      tier: found?.data.tier ?? 'basic',
      centsPerPoint: CENTS_PER_POINT,
    };
  }

  @Tool({ description: 'Spend loyalty points to pay part of an order that has not shipped.' })
  redeemLoyaltyPoints(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A200' }) orderId: string,
    @ToolParam({ description: 'Points to spend, at least 100' }) points: Integer,
    toolContext: ToolContext,
  ): DeskResult {
    const found = ownedOrder(this.orders, this.store, orderId, toolContext);
    if (!isOwnedOrder(found)) return found;
    if (!Number.isInteger(points) || points < 100) return invalid('Redeem at least 100 points, a whole number.');
    const loyalty = this.store.findOwned<LoyaltyData>('loyalty', found.userId, found.userId);
    if (loyalty === undefined) return notFound('loyalty account', 'of this user');
    if (loyalty.data.points < points) return notAllowed(`Only ${loyalty.data.points} points are available.`);
    if (!NOT_SHIPPED_STATUSES.includes(found.order.status)) return notAllowed(`Order ${orderId} has already shipped.`);
    const discountCents = Math.min(points * CENTS_PER_POINT, found.details.totalCents);
    this.store.save({ ...loyalty, data: { ...loyalty.data, points: loyalty.data.points - points } });
    this.store.save({
      kind: 'order',
      id: orderId,
      userId: found.userId,
      data: { ...found.details, totalCents: found.details.totalCents - discountCents },
    });
    return { code: 'OK', orderId, discountCents, pointsLeft: loyalty.data.points - points };
  }
}
