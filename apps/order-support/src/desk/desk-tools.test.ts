import { ToolContext } from '@sprout-ai/core';
import { OrderGateway } from '../order-gateway';
import { OrderTools } from '../order-tools';
import { AccountTools } from './account-tools';
import { AddressBookTools } from './address-book-tools';
import { DeskStore } from './desk-store';
import { InvoiceTools } from './invoice-tools';
import { OrderChangeTools } from './order-change-tools';
import { OrderHistoryTools } from './order-history-tools';
import { PaymentMethodTools } from './payment-method-tools';
import { PromotionTools } from './promotion-tools';
import { RefundTools } from './refund-tools';
import { ReturnTools } from './return-tools';
import { ShipmentTools } from './shipment-tools';

const u7 = new ToolContext({ userId: 'u7' });
const u8 = new ToolContext({ userId: 'u8' });
const nobody = new ToolContext();

describe('the order desk tools', () => {
  let orders: OrderGateway;
  let store: DeskStore;
  beforeEach(() => {
    orders = new OrderGateway();
    store = new DeskStore();
  });
  afterEach(() => {
    orders.close();
    store.close();
  });

  describe('when the order is another user’s', () => {
    it('should answer every order tool exactly as for an order that does not exist', () => {
      const history = new OrderHistoryTools(orders, store);
      const shipment = new ShipmentTools(orders, store);
      for (const call of [
        (id: string) => history.getOrderDetails(id, u8),
        (id: string) => shipment.trackShipment(id, u8),
        (id: string) => new RefundTools(orders, store).requestRefund(id, 'x', u8),
        (id: string) => new OrderChangeTools(orders, store).cancelOrder(id, 'x', u8),
      ]) {
        const forbidden = call('A123');
        expect(forbidden.code).toBe('NOT_FOUND_OR_FORBIDDEN');
        expect(JSON.stringify(forbidden)).toBe(JSON.stringify(call('A999')).replace('A999', 'A123'));
      }
    });
  });

  describe('when nobody is signed in or the id is malformed', () => {
    it('should answer AUTH_REQUIRED or INVALID_INPUT without reading the orders', () => {
      const history = new OrderHistoryTools(orders, store);
      expect(history.getOrderDetails('A123', nobody).code).toBe('AUTH_REQUIRED');
      expect(history.listMyOrders(undefined, nobody).code).toBe('AUTH_REQUIRED');
      expect(new AccountTools(store).getAccountProfile(nobody).code).toBe('AUTH_REQUIRED');
      expect(history.getOrderDetails("A1' OR 1=1", u7).code).toBe('INVALID_INPUT');
      expect(orders.queryCount).toBe(0);
    });
  });

  describe('OrderChangeTools.cancelOrder', () => {
    it('should cancel an order awaiting shipment, which getOrderStatus then reports', () => {
      expect(new OrderChangeTools(orders, store).cancelOrder('A200', 'changed my mind', u7)).toMatchObject({
        code: 'OK',
        status: '已取消',
        refundCents: 49900,
      });
      expect(new OrderTools(orders).getOrderStatus('A200', u7).status).toBe('已取消');
    });

    it('should refuse a shipped order and point to a return', () => {
      const result = new OrderChangeTools(orders, store).cancelOrder('A123', 'too slow', u7);
      expect(result).toMatchObject({ code: 'NOT_ALLOWED', message: expect.stringContaining('return') });
    });
  });

  describe('ReturnTools', () => {
    it('should take a delivered item from eligibility through label to status', () => {
      const returns = new ReturnTools(orders, store);
      expect(returns.checkReturnEligibility('A150', 'KETTLE-1', u7)).toMatchObject({ eligible: true });
      const started = returns.startReturn('A150', 'KETTLE-1', 'damaged', u7);
      expect(started).toMatchObject({ code: 'OK', status: 'awaiting-parcel' });
      const returnId = String(started.returnId);
      expect(returns.createReturnLabel(returnId, u7)).toMatchObject({ labelUrl: expect.stringContaining(returnId) });
      expect(returns.getReturnStatus(returnId, u8).code).toBe('NOT_FOUND_OR_FORBIDDEN');
      expect(returns.startReturn('A150', 'KETTLE-1', 'damaged', u7).code).toBe('NOT_ALLOWED');
    });

    it('should refuse an order that has not been delivered', () => {
      expect(new ReturnTools(orders, store).checkReturnEligibility('A123', 'LAMP-01', u7)).toMatchObject({
        eligible: false,
      });
    });
  });

  describe('desk data of the account', () => {
    it('should give only the user’s own addresses, payment methods and invoices', () => {
      const addresses = new AddressBookTools(store).listSavedAddresses(u7).addresses as { addressId: string }[];
      expect(addresses.map((a) => a.addressId)).toEqual(['ADDR-1', 'ADDR-2']);
      const methods = JSON.stringify(new PaymentMethodTools(store).listPaymentMethods(u7));
      expect(methods).toContain('4242');
      expect(methods).not.toContain('PM-3');
      expect(new InvoiceTools(store).getOutstandingBalance(u7)).toMatchObject({ balanceCents: 49900 });
      expect(new InvoiceTools(store).getInvoice('A124', u7).code).toBe('NOT_FOUND_OR_FORBIDDEN');
    });

    it('should apply a coupon once to an order awaiting shipment', () => {
      const promotions = new PromotionTools(orders, store);
      expect(promotions.applyCouponCode('A200', 'welcome10', u7)).toMatchObject({
        discountCents: 4990,
        totalCents: 44910,
      });
      expect(promotions.applyCouponCode('A200', 'SHIPFREE', u7).code).toBe('NOT_ALLOWED');
    });
  });
});
