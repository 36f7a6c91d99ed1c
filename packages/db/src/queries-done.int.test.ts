import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, whenQueriesDone } from './orm.ts';

/** A shutdown waits for queries still running before it closes the pool (their requests' clients may have gone). */
describe('whenQueriesDone', () => {
  it('waits for a running query and for one waiting for a connection, then resolves', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wenku-qd-'));
    const db = await openDatabase({ databaseUrl: inject('databaseUrl'), dataDir, poolMax: 1 });
    try {
      const connection = db.orm.em.getConnection();
      let finished = 0;
      // The second query waits for the pool's only connection.
      const running = [1, 2].map(() => connection.execute('select pg_sleep(0.2)').then(() => finished++));
      await new Promise((r) => setTimeout(r, 20));
      await whenQueriesDone(db.orm, 10_000);
      expect(finished).toBe(2);
      await Promise.all(running);
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('gives up after the time it is given', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wenku-qd-'));
    const db = await openDatabase({ databaseUrl: inject('databaseUrl'), dataDir, poolMax: 1 });
    try {
      const slow = db.orm.em.getConnection().execute('select pg_sleep(1)');
      await new Promise((r) => setTimeout(r, 20));
      const started = Date.now();
      await whenQueriesDone(db.orm, 100);
      expect(Date.now() - started).toBeLessThan(800);
      await slow;
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
