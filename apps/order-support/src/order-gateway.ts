import Database from 'better-sqlite3';
import { injectable } from 'inversify';
import { SproutError } from '@sprout-ai/core';
import { openOrdersDatabase } from './open-orders-database';

/** One row of the `orders` table. */
export interface OrderRecord {
  /** `A` followed by 3 digits, e.g. `A123`. */
  readonly orderId: string;
  /** The user the order belongs to, e.g. `u7`. */
  readonly userId: string;
  /** Shipping status in Chinese, e.g. `运输中` (in transit). */
  readonly status: string;
}

/** Options of {@link OrderGateway}. */
export interface OrderGatewayOptions {
  /**
   * SQLite database file; created when missing. `:memory:` keeps the data in memory.
   *
   * @defaultValue {@link DEFAULT_ORDERS_DB_PATH}
   */
  readonly dbPath?: string;
}

/** Property naming the orders database file (`sprout.demo.orders.db-path`). */
export const ORDERS_DB_PATH_PROPERTY = 'sprout.demo.orders.db-path';

/** Default database: a private in-memory SQLite database, seeded on open. */
export const DEFAULT_ORDERS_DB_PATH = ':memory:';

/** The demo orders the database is seeded with (inserted only when missing). */
export const SEED_ORDERS: readonly OrderRecord[] = [
  { orderId: 'A123', userId: 'u7', status: '运输中' },
  { orderId: 'A124', userId: 'u8', status: '已签收' },
  { orderId: 'A200', userId: 'u7', status: '待发货' },
  { orderId: 'A150', userId: 'u7', status: '已签收' },
];

interface OrderRow {
  readonly order_id: string;
  readonly user_id: string;
  readonly status: string;
}

/**
 * Reads orders from an embedded SQLite database (better-sqlite3). On open it creates the `orders`
 * table and inserts {@link SEED_ORDERS} when they are missing, so opening the same file twice is safe.
 */
@injectable()
export class OrderGateway {
  private readonly db: Database.Database;
  private readonly findStatement: Database.Statement<[string], OrderRow>;
  private readonly updateStatement: Database.Statement<[string, string]>;
  private queries = 0;

  /**
   * Opens (and seeds) the database.
   *
   * @param options - where the database lives
   * @throws SproutError when the file cannot be opened or is not a SQLite database
   */
  constructor(options: OrderGatewayOptions = {}) {
    const dbPath = options.dbPath ?? DEFAULT_ORDERS_DB_PATH;
    try {
      this.db = openOrdersDatabase(dbPath);
      this.db.exec(
        'CREATE TABLE IF NOT EXISTS orders (order_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, status TEXT NOT NULL)',
      );
      const insert = this.db.prepare<[string, string, string]>(
        'INSERT OR IGNORE INTO orders (order_id, user_id, status) VALUES (?, ?, ?)',
      );
      this.db.transaction(() => {
        for (const order of SEED_ORDERS) insert.run(order.orderId, order.userId, order.status);
      })();
      this.findStatement = this.db.prepare<[string], OrderRow>(
        'SELECT order_id, user_id, status FROM orders WHERE order_id = ?',
      );
      this.updateStatement = this.db.prepare('UPDATE orders SET status = ? WHERE order_id = ?');
    } catch (cause) {
      throw new SproutError(
        `Cannot open the orders database "${dbPath}": ${cause instanceof Error ? cause.message : String(cause)}. ` +
          `Set ${ORDERS_DB_PATH_PROPERTY} to a writable file path, or to ${DEFAULT_ORDERS_DB_PATH} for an in-memory database.`,
        { cause },
      );
    }
  }

  /** How many order look-ups ({@link OrderGateway.findOrder} calls) reached the database. */
  get queryCount(): number {
    return this.queries;
  }

  /**
   * Looks an order up by id.
   *
   * @param orderId - e.g. `A123`
   * @returns the order, or `undefined` when there is none with that id
   */
  findOrder(orderId: string): OrderRecord | undefined {
    this.queries++;
    const row = this.findStatement.get(orderId);
    return row === undefined ? undefined : { orderId: row.order_id, userId: row.user_id, status: row.status };
  }

  /**
   * Sets an order's status (the desk's order-change tools: a cancelled order is `已取消`).
   *
   * @param orderId - e.g. `A200`
   * @param status - the new status in Chinese, e.g. `已取消`
   * @returns true when the order exists
   */
  updateStatus(orderId: string, status: string): boolean {
    return this.updateStatement.run(status, orderId).changes > 0;
  }

  /** Closes the database; safe to call more than once. */
  close(): void {
    if (this.db.open) this.db.close();
  }
}
