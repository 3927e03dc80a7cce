import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SproutError } from '@sprout-ai/core';
import { OrderGateway, SEED_ORDERS } from './order-gateway';

describe(OrderGateway, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-orders-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('.findOrder', () => {
    describe('when the database is the default in-memory one', () => {
      it('should find the seeded order A123 of u7 in transit', () => {
        const gateway = new OrderGateway();
        try {
          expect(gateway.findOrder('A123')).toEqual({ orderId: 'A123', userId: 'u7', status: '运输中' });
        } finally {
          gateway.close();
        }
      });

      it('should return undefined for an unknown id and count every look-up', () => {
        const gateway = new OrderGateway();
        try {
          expect(gateway.queryCount).toBe(0);
          expect(gateway.findOrder('A999')).toBeUndefined();
          gateway.findOrder('A124');
          expect(gateway.queryCount).toBe(2);
        } finally {
          gateway.close();
        }
      });
    });

    describe('when the database is a file opened twice', () => {
      it('should seed idempotently and keep rows written by others', () => {
        const dbPath = join(dir, 'orders.db');
        const first = new OrderGateway({ dbPath });
        first.close();
        const second = new OrderGateway({ dbPath });
        try {
          for (const order of SEED_ORDERS) expect(second.findOrder(order.orderId)).toEqual(order);
        } finally {
          second.close();
        }
      });
    });
  });

  describe('constructor', () => {
    describe('when the file is not a SQLite database', () => {
      it('should throw a SproutError naming the path and the property to fix', () => {
        const dbPath = join(dir, 'not-a-db.txt');
        writeFileSync(
          dbPath,
          'this is not sqlite, just some text that is long enough to look like a header'.repeat(20),
        );
        expect(() => new OrderGateway({ dbPath })).toThrow(SproutError);
        expect(() => new OrderGateway({ dbPath })).toThrow(/not-a-db\.txt.*sprout\.demo\.orders\.db-path/s);
      });
    });
  });

  describe('.close', () => {
    it('should be safe to call twice', () => {
      const gateway = new OrderGateway();
      gateway.close();
      expect(() => gateway.close()).not.toThrow();
    });
  });
});
