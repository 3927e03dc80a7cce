import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { type ChatMemoryRepository, type Message, MissingPeerDependencyError } from '@sprout-ai/core';
import { requireOptionalPeer } from '@sprout-ai/core/internal';
import type Database from 'better-sqlite3';
import { ChatMemoryStoreError } from './chat-memory-store-error';
import { decodeMessage, encodeMessage } from './message-codec';

/**
 * better-sqlite3, a native addon and an optional peer dependency: loaded when a repository opens its
 * own database, not at start-up, so applications without a SQLite store need not install it.
 *
 * @throws MissingPeerDependencyError when better-sqlite3 is not installed
 */
function betterSqlite3(): typeof Database {
  return requireOptionalPeer<typeof Database>(require, 'better-sqlite3', 'SqliteChatMemoryRepository');
}

/** Table created by {@link SqliteChatMemoryRepository} when none is named. */
export const DEFAULT_SQLITE_TABLE_NAME = 'sprout_chat_memory';

/** Options of {@link SqliteChatMemoryRepository}. */
export interface SqliteChatMemoryRepositoryOptions {
  /**
   * Database file, created with its directory when missing; `:memory:` for a private in-memory
   * database. Ignored when `database` is given. @defaultValue `':memory:'`
   */
  readonly path?: string;
  /** An open better-sqlite3 database to use instead of `path`; the caller closes it. */
  readonly database?: Database.Database;
  /** Table name (letters, digits, `_`). @defaultValue {@link DEFAULT_SQLITE_TABLE_NAME} */
  readonly tableName?: string;
}

/**
 * Keeps conversations in a SQLite database (better-sqlite3): the embedded store of one app
 * instance, surviving restarts. One row per message — `(conversation_id, position, type, content)`,
 * content being the message as JSON (see `encodeMessage`) — in a table created on first use.
 *
 * Every write (`saveAll`, `update`, delete) is one `BEGIN IMMEDIATE` transaction, so a failure
 * half-way rolls back to the previous state, and writers in other processes on the same file wait
 * for each other (busy timeout 5 s). File databases use WAL journaling.
 *
 * @example
 * ```ts
 * const repository = new SqliteChatMemoryRepository({ path: 'data/chat-memory.db' });
 * const chatMemory = MessageWindowChatMemory.builder().chatMemoryRepository(repository).build();
 * ```
 * @remarks Spring has no SQLite store; its JDBC store (`JdbcChatMemoryRepository`) keeps text and
 * type only, so it cannot hold tool calls. This one keeps the full message.
 * @see Spring AI `JdbcChatMemoryRepository`
 */
export class SqliteChatMemoryRepository implements ChatMemoryRepository {
  readonly tableName: string;
  readonly #db: Database.Database;
  readonly #owned: boolean;
  readonly #where: string;

  /**
   * @param options - file path or open database, table name
   * @throws ChatMemoryStoreError when the database cannot be opened or the table created
   * @throws MissingPeerDependencyError when it opens its own database and better-sqlite3 is not installed
   */
  constructor(options: SqliteChatMemoryRepositoryOptions = {}) {
    const tableName = options.tableName ?? DEFAULT_SQLITE_TABLE_NAME;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(tableName)) {
      throw new ChatMemoryStoreError({
        store: 'sqlite',
        operation: 'open',
        message: `SQLite chat memory table name ${JSON.stringify(tableName)} is not allowed; use letters, digits and _ (e.g. ${DEFAULT_SQLITE_TABLE_NAME}).`,
      });
    }
    this.tableName = tableName;
    const path = options.path ?? ':memory:';
    this.#where = options.database?.name ?? path;
    try {
      if (options.database === undefined && path !== ':memory:' && path !== '') {
        mkdirSync(dirname(path), { recursive: true });
      }
      this.#db = options.database ?? new (betterSqlite3())(path, { timeout: 5000 });
      this.#owned = options.database === undefined;
      if (this.#owned && !this.#db.memory) this.#db.pragma('journal_mode = WAL');
      this.#db.exec(
        `CREATE TABLE IF NOT EXISTS ${tableName} (conversation_id TEXT NOT NULL, position INTEGER NOT NULL, ` +
          `type TEXT NOT NULL, content TEXT NOT NULL, PRIMARY KEY (conversation_id, position)) WITHOUT ROWID`,
      );
    } catch (error) {
      if (MissingPeerDependencyError.isInstance(error)) throw error; // says what to install; not a store failure
      throw this.#error('open', undefined, error);
    }
  }

  async findConversationIds(): Promise<string[]> {
    try {
      const rows = this.#db.prepare(`SELECT DISTINCT conversation_id AS id FROM ${this.tableName}`).all() as {
        id: string;
      }[];
      return rows.map((row) => row.id);
    } catch (error) {
      throw this.#error('list', undefined, error);
    }
  }

  async findByConversationId(conversationId: string): Promise<Message[]> {
    try {
      return this.#read(conversationId);
    } catch (error) {
      throw this.#error('read', conversationId, error);
    }
  }

  async saveAll(conversationId: string, messages: readonly Message[]): Promise<void> {
    await this.update(conversationId, () => messages);
  }

  async deleteByConversationId(conversationId: string): Promise<void> {
    try {
      this.#db.prepare(`DELETE FROM ${this.tableName} WHERE conversation_id = ?`).run(conversationId);
    } catch (error) {
      throw this.#error('delete', conversationId, error);
    }
  }

  /** Runs read, `change` and write in one immediate transaction (rolled back when anything throws). */
  async update(
    conversationId: string,
    change: (current: readonly Message[]) => readonly Message[],
  ): Promise<Message[]> {
    const insert = this.#db.prepare(
      `INSERT INTO ${this.tableName} (conversation_id, position, type, content) VALUES (?, ?, ?, ?)`,
    );
    const remove = this.#db.prepare(`DELETE FROM ${this.tableName} WHERE conversation_id = ?`);
    const write = this.#db.transaction((): Message[] => {
      const next = [...change(this.#read(conversationId))];
      remove.run(conversationId);
      next.forEach((message, position) =>
        insert.run(conversationId, position, message.messageType, encodeMessage(message)),
      );
      return next;
    });
    try {
      return write.immediate();
    } catch (error) {
      throw this.#error('save', conversationId, error);
    }
  }

  /** Closes the database when this repository opened it. */
  close(): void {
    if (this.#owned && this.#db.open) this.#db.close();
  }

  #read(conversationId: string): Message[] {
    const rows = this.#db
      .prepare(`SELECT content FROM ${this.tableName} WHERE conversation_id = ? ORDER BY position`)
      .all(conversationId) as { content: string }[];
    return rows.map((row) => decodeMessage(row.content));
  }

  #error(operation: string, conversationId: string | undefined, cause: unknown): ChatMemoryStoreError {
    // duck-typed: native module errors may come from another realm (e.g. under jest)
    const text = (cause as { message?: unknown } | null)?.message;
    const reason = typeof text === 'string' ? text : String(cause);
    const subject = conversationId === undefined ? 'chat memory' : `conversation ${JSON.stringify(conversationId)}`;
    const after =
      operation === 'save' ? ' The transaction was rolled back: the conversation holds its previous messages.' : '';
    return new ChatMemoryStoreError({
      store: 'sqlite',
      operation,
      conversationId,
      message: `Could not ${operation} ${subject} in SQLite database ${this.#where}: ${reason}.${after}`,
      cause,
    });
  }
}
