import { ToolContext } from '@sprout-ai/core';
import { OrderGateway } from './order-gateway';
import { OrderTools } from './order-tools';

describe(OrderTools, () => {
  let gateway: OrderGateway;
  let tools: OrderTools;
  beforeEach(() => {
    gateway = new OrderGateway();
    tools = new OrderTools(gateway);
  });
  afterEach(() => {
    gateway.close();
  });

  describe('.getOrderStatus', () => {
    describe('when the order belongs to the user in the tool context', () => {
      it('should return OK with the status from the database', () => {
        expect(tools.getOrderStatus('A123', new ToolContext({ userId: 'u7' }))).toEqual({
          code: 'OK',
          orderId: 'A123',
          status: '运输中',
        });
      });
    });

    describe('when the order belongs to another user', () => {
      it('should return NOT_FOUND_OR_FORBIDDEN without the status', () => {
        const result = tools.getOrderStatus('A123', new ToolContext({ userId: 'u8' }));
        expect(result.code).toBe('NOT_FOUND_OR_FORBIDDEN');
        expect(JSON.stringify(result)).not.toContain('运输中');
      });

      it('should answer exactly as for an order that does not exist', () => {
        const ctx = new ToolContext({ userId: 'u8' });
        const forbidden = tools.getOrderStatus('A123', ctx);
        const missing = tools.getOrderStatus('A999', ctx);
        expect({ ...forbidden, orderId: undefined }).toEqual({ ...missing, orderId: undefined });
      });
    });

    describe('when the order id is malformed', () => {
      it.each(['xxx', 'a123', 'A12', 'A1234', ' A123', "A123' OR '1'='1", ''])(
        'should return INVALID_ID for %p without querying the database',
        (orderId) => {
          const result = tools.getOrderStatus(orderId, new ToolContext({ userId: 'u7' }));
          expect(result.code).toBe('INVALID_ID');
          expect(gateway.queryCount).toBe(0);
        },
      );
    });

    describe('when the tool context has no user', () => {
      it.each([new ToolContext(), new ToolContext({ userId: '' }), new ToolContext({ userId: 7 })])(
        'should return AUTH_REQUIRED without querying the database',
        (ctx) => {
          expect(tools.getOrderStatus('A123', ctx)).toMatchObject({ code: 'AUTH_REQUIRED' });
          expect(gateway.queryCount).toBe(0);
        },
      );
    });
  });
});
