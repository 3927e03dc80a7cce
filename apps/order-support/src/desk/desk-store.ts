import Database from 'better-sqlite3';
import { injectable } from 'inversify';
import { SproutError } from '@sprout-ai/core';
import { openOrdersDatabase } from '../open-orders-database';
import { SEED_DESK_RECORDS } from './desk-seed';

/**
 * One record of the desk: an order's details, a return, an address, a payment method … stored as
 * JSON under its kind and id, with the user it belongs to (`''` for shared data such as products).
 */
export interface DeskRecord<T = Record<string, unknown>> {
  /** What it is, e.g. `order`, `return`, `address`. */
  readonly kind: string;
  /** Unique within its kind, e.g. `A123`, `R-1001`. */
  readonly id: string;
  /** The owner, e.g. `u7`; `''` when the record is not a user's. */
  readonly userId: string;
  readonly data: T;
}

/** Options of {@link DeskStore}. */
export interface DeskStoreOptions {
  /** SQLite database file, created when missing; `:memory:` (default) keeps the data in memory. */
  readonly dbPath?: string;
}

interface DeskRow {
  readonly kind: string;
  readonly id: string;
  readonly user_id: string;
  readonly data: string;
}

/**
 * The desk's records in an embedded SQLite database (better-sqlite3), in the style of the order
 * gateway: on open it creates the `desk_records` table and inserts {@link SEED_DESK_RECORDS} when
 * they are missing, so opening the same file twice is safe. Tools check ownership themselves.
 */
@injectable()
export class DeskStore {
  private readonly db: Database.Database;
  private readonly findStatement: Database.Statement<[string, string], DeskRow>;
  private readonly listStatement: Database.Statement<[string, string], DeskRow>;
  private readonly saveStatement: Database.Statement<[string, string, string, string]>;

  /**
   * Opens (and seeds) the database.
   *
   * @throws SproutError when the file cannot be opened or is not a SQLite database
   */
  constructor(options: DeskStoreOptions = {}) {
    const dbPath = options.dbPath ?? ':memory:';
    try {
      this.db = openOrdersDatabase(dbPath);
      this.db.exec(
        'CREATE TABLE IF NOT EXISTS desk_records (kind TEXT NOT NULL, id TEXT NOT NULL, user_id TEXT NOT NULL, ' +
          'data TEXT NOT NULL, PRIMARY KEY (kind, id))',
      );
      const seed = this.db.prepare<[string, string, string, string]>(
        'INSERT OR IGNORE INTO desk_records (kind, id, user_id, data) VALUES (?, ?, ?, ?)',
      );
      this.db.transaction(() => {
        for (const r of SEED_DESK_RECORDS) seed.run(r.kind, r.id, r.userId, JSON.stringify(r.data));
      })();
      this.findStatement = this.db.prepare('SELECT * FROM desk_records WHERE kind = ? AND id = ?');
      this.listStatement = this.db.prepare('SELECT * FROM desk_records WHERE kind = ? AND user_id = ? ORDER BY id');
      this.saveStatement = this.db.prepare(
        'INSERT OR REPLACE INTO desk_records (kind, id, user_id, data) VALUES (?, ?, ?, ?)',
      );
    } catch (cause) {
      throw new SproutError(
        `Cannot open the desk database "${dbPath}": ${cause instanceof Error ? cause.message : String(cause)}.`,
        { cause },
      );
    }
  }

  /** The record of `kind` with `id`, or `undefined`. */
  find<T = Record<string, unknown>>(kind: string, id: string): DeskRecord<T> | undefined {
    const row = this.findStatement.get(kind, id);
    return row === undefined ? undefined : toRecord<T>(row);
  }

  /** The record of `kind` with `id` when it belongs to `userId`; another user's is `undefined` too. */
  findOwned<T = Record<string, unknown>>(kind: string, id: string, userId: string): DeskRecord<T> | undefined {
    const record = this.find<T>(kind, id);
    return record?.userId === userId ? record : undefined;
  }

  /** Every record of `kind` that belongs to `userId` (`''`: shared records), by id. */
  list<T = Record<string, unknown>>(kind: string, userId: string): DeskRecord<T>[] {
    return this.listStatement.all(kind, userId).map((row) => toRecord<T>(row));
  }

  /** Inserts or replaces a record. */
  save<T>(record: DeskRecord<T>): DeskRecord<T> {
    this.saveStatement.run(record.kind, record.id, record.userId, JSON.stringify(record.data));
    return record;
  }

  /** Deletes a record; true when there was one. */
  delete(kind: string, id: string): boolean {
    return this.db.prepare('DELETE FROM desk_records WHERE kind = ? AND id = ?').run(kind, id).changes > 0;
  }

  /** A new id for `kind`: `prefix` and the next number after 1000, e.g. `R-1001`. */
  nextId(kind: string, prefix: string): string {
    const row = this.db
      .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM desk_records WHERE kind = ?')
      .get(kind);
    let n = 1001 + (row?.n ?? 0);
    while (this.find(kind, `${prefix}${n}`) !== undefined) n++;
    return `${prefix}${n}`;
  }

  /** Closes the database; safe to call more than once. */
  close(): void {
    if (this.db.open) this.db.close();
  }
}

function toRecord<T>(row: DeskRow): DeskRecord<T> {
  return { kind: row.kind, id: row.id, userId: row.user_id, data: JSON.parse(row.data) as T };
}
