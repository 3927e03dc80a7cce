import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AssistantMessage, UserMessage } from '@sprout-ai/core';
import Database from 'better-sqlite3';
import { chatMemoryRepositoryContract, everyMessageType } from './__fixtures__/chat-memory-repository-contract';
import { ChatMemoryStoreError } from './chat-memory-store-error';
import { SqliteChatMemoryRepository } from './sqlite-chat-memory-repository';

describe(SqliteChatMemoryRepository, () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-sqlite-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('contract', () => {
    chatMemoryRepositoryContract(async () => {
      const path = join(dir, 'memory.db');
      const repositories = [new SqliteChatMemoryRepository({ path })];
      return {
        repository: repositories[0],
        another: () => {
          const repository = new SqliteChatMemoryRepository({ path });
          repositories.push(repository);
          return repository;
        },
        close: async () => repositories.forEach((repository) => repository.close()),
      };
    });
  });

  describe('constructor', () => {
    describe('when the path names a file in a missing directory', () => {
      it('should create both, and a new repository on the file should read what was saved', async () => {
        const path = join(dir, 'nested', 'deeper', 'memory.db');
        const first = new SqliteChatMemoryRepository({ path });
        await first.saveAll('c-1', everyMessageType());
        first.close();

        const second = new SqliteChatMemoryRepository({ path });
        expect(await second.findByConversationId('c-1')).toEqual(everyMessageType());
        second.close();
      });
    });

    describe('when an open database is given', () => {
      it('should use it and leave it open on close', async () => {
        const database = new Database(':memory:');
        const repository = new SqliteChatMemoryRepository({ database, tableName: 'given' });
        await repository.saveAll('c-1', [new UserMessage('hello')]);
        repository.close();

        expect(database.open).toBe(true);
        expect(database.prepare('SELECT conversation_id AS id FROM given').all()).toEqual([{ id: 'c-1' }]);
        database.close();
      });
    });

    describe('when the table name is not a plain identifier', () => {
      it('should refuse it', () => {
        expect(() => new SqliteChatMemoryRepository({ tableName: 'x; DROP TABLE y' })).toThrow(
          /table name "x; DROP TABLE y" is not allowed/,
        );
      });
    });
  });

  describe('.saveAll', () => {
    describe('when the database fails in the middle of writing a turn', () => {
      it('should roll back to the previous messages and report a clear error', async () => {
        const database = new Database(join(dir, 'memory.db'));
        const repository = new SqliteChatMemoryRepository({ database });
        await repository.saveAll('c-1', [new UserMessage('u1'), new AssistantMessage('a1')]);
        database.exec(
          `CREATE TRIGGER fail_third BEFORE INSERT ON sprout_chat_memory WHEN NEW.position = 2 ` +
            `BEGIN SELECT RAISE(ABORT, 'disk full (simulated)'); END`,
        );

        const failed = repository.saveAll('c-1', [
          new UserMessage('u1'),
          new AssistantMessage('a1'),
          new UserMessage('u2'),
          new AssistantMessage('a2'),
        ]);

        await expect(failed).rejects.toThrow(ChatMemoryStoreError);
        await expect(failed).rejects.toThrow(
          /Could not save conversation "c-1" in SQLite database .*memory\.db: disk full \(simulated\)\. The transaction was rolled back/,
        );
        expect(await repository.findByConversationId('c-1')).toEqual([
          new UserMessage('u1'),
          new AssistantMessage('a1'),
        ]);
        database.close();
      });
    });

    describe('when a message has metadata that is not JSON', () => {
      it('should refuse the save, naming the problem, and keep the previous messages', async () => {
        const repository = new SqliteChatMemoryRepository();
        await repository.saveAll('c-1', [new UserMessage('u1')]);

        await expect(
          repository.saveAll('c-1', [new UserMessage('u1'), new UserMessage('u2', { big: BigInt(1) })]),
        ).rejects.toThrow(/metadata is not JSON-serialisable/);
        expect(await repository.findByConversationId('c-1')).toEqual([new UserMessage('u1')]);
        repository.close();
      });
    });
  });
});
