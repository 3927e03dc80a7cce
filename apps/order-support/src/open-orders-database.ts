import Database from 'better-sqlite3';

/** How long a write waits for another process's write to finish before failing, in milliseconds. */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens the demo's SQLite database (orders and desk records) so that several processes can share
 * one file: write-ahead logging lets readers go on while one instance writes, and a busy timeout makes
 * a second writer wait instead of failing with `SQLITE_BUSY`. An in-memory database is private to its
 * connection, so the pragmas change nothing there.
 *
 * @param dbPath - a file path, or `:memory:`
 * @returns the open connection
 * @throws Error (better-sqlite3's) when the file cannot be opened or is not a SQLite database
 */
export function openOrdersDatabase(dbPath: string): Database.Database {
  const db = new Database(dbPath);
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  return db;
}
