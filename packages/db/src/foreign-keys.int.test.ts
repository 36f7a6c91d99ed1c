import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { FOREIGN_KEYS, foreignKeyName } from './migrations/Migration20261126150000_ForeignKeys.ts';
import { type Database, openDatabase } from './orm.ts';

/**
 * Issue 21 item 4: the ForeignKeys migration cleans a database holding rows that name missing rows, leaves it with
 * every key in place, and from then on a row naming a missing row is refused. On a PostgreSQL server and on the
 * embedded PGlite alike.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated test database of this run (scripts/test/global-setup.ts); here only its server is used. */
    databaseUrl: string;
  }
}

const BEFORE = 'Migration20261126130000_PageCacheVersion';

async function serverDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  const name = `wenku_fk_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function withDatabase(mode: 'server' | 'embedded', fn: (db: Database) => Promise<void>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wenku-fk-'));
  const server = mode === 'server' ? await serverDatabase() : undefined;
  const db = await openDatabase({ databaseUrl: server?.url, dataDir, poolMax: 2 });
  try {
    await fn(db);
  } finally {
    await db.close();
    await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe.each(['server', 'embedded'] as const)('foreign keys (%s)', (mode) => {
  it('the migration cleans orphans, keeps owned content, and then refuses new orphans', async () => {
    await withDatabase(mode, async (db) => {
      await db.orm.getMigrator().up({ to: BEFORE });
      const conn = db.orm.em.getConnection();
      const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) =>
        conn.execute<T[]>(q, params, 'all');
      const one = async (q: string, params: unknown[] = []) =>
        Number(Object.values((await sql(q, params))[0] ?? {})[0]);

      await sql(`insert into "user" (id, username, password) values (1, 'root', 'x'), (2, 'member', 'x')`);
      await sql(`insert into "group" (id, title) values (1, 'members')`);
      await sql(`insert into category (id, title) values (1, 'books')`);
      const doc = (id: number, userId: number, deleted: boolean) =>
        sql(
          `insert into document (id, uuid, title, user_id, attachment_id, hash, ext, deleted_at)
            values (?, ?, 'd', ?, 0, 'h', '.pdf', ${deleted ? 'now()' : 'null'})`,
          [id, `doc${id}`.padEnd(16, '0'), userId],
        );
      await doc(1, 2, false); // a member's: kept as it is
      await doc(2, 99, false); // its owner was deleted: goes to root, counted on root's profile
      await doc(3, 99, true); // in the recycle bin, owner deleted: goes to root, not counted
      await sql(`insert into article (id, identifier, title, user_id) values (1, 'gone', 'a', 98)`);
      // Links and a member's own rows that name missing rows.
      await sql(`insert into user_group (user_id, group_id) values (2, 1), (99, 1), (2, 7)`);
      await sql(`insert into document_category (document_id, category_id) values (1, 1), (42, 1), (1, 9)`);
      await sql(`insert into article_category (article_id, category_id) values (1, 1), (5, 1)`);
      await sql(`insert into favorite (user_id, document_id) values (2, 1), (99, 1)`);
      await sql(`insert into document_score (document_id, user_id, score) values (1, 2, 500), (42, 2, 300)`);
      await sql(`insert into reading_position (user_id, document_id, page) values (2, 1, 3), (2, 42, 1), (99, 1, 2)`);
      await sql(`insert into download (user_id, document_id) values (0, 1), (2, 42)`);

      await db.orm.getMigrator().up();

      expect(await sql('select id, user_id from document order by id')).toEqual([
        { id: 1, user_id: 2 },
        { id: 2, user_id: 1 },
        { id: 3, user_id: 1 },
      ]);
      expect(await one('select doc_count from "user" where id = 1')).toBe(1);
      expect(await sql('select user_id from article')).toEqual([{ user_id: 1 }]);
      expect(await sql('select user_id, group_id from user_group')).toEqual([{ user_id: 2, group_id: 1 }]);
      expect(await sql('select document_id, category_id from document_category')).toEqual([
        { document_id: 1, category_id: 1 },
      ]);
      expect(await one('select count(*) from article_category')).toBe(1);
      expect(await one('select count(*) from favorite')).toBe(1);
      expect(await one('select count(*) from document_score')).toBe(1);
      expect(await one('select count(*) from reading_position')).toBe(1);
      expect(await one('select count(*) from download')).toBe(1);

      // Every key is there, and a new orphan is refused (23503 foreign_key_violation).
      const names = (await sql<{ conname: string }>(`select conname from pg_constraint where contype = 'f'`)).map(
        (c) => c.conname,
      );
      expect(names.sort()).toEqual(FOREIGN_KEYS.map(foreignKeyName).sort());
      await expect(sql(`insert into favorite (user_id, document_id) values (99, 1)`)).rejects.toMatchObject({
        code: '23503',
      });
      await expect(
        sql(`insert into document_category (document_id, category_id) values (1234, 1)`),
      ).rejects.toMatchObject({ code: '23503' });
      // Deleting a document takes its own rows with it; a user who still owns a document cannot go.
      await sql('delete from document where id = 1');
      expect(await one('select count(*) from document_category')).toBe(0);
      expect(await one('select count(*) from favorite')).toBe(1); // favourites name documents or articles: no key
      expect(await one('select count(*) from download')).toBe(0);
      await expect(sql('delete from "user" where id = 1')).rejects.toMatchObject({ code: '23503' });
      await sql('delete from "user" where id = 2');
      expect(await one('select count(*) from user_group')).toBe(0);
      expect(await one('select count(*) from reading_position')).toBe(0);
    });
  });
});
