import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf, publishDocument } from './testing/files.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';
import { processArgv, runProcess } from './testing/process.ts';

/**
 * A site's data leaves the embedded database whole: an online backup through the running server and infra/backup.sh
 * restoring it, then `db:copy-to` into an empty PostgreSQL database, where a server finds every member, order,
 * document and ledger row; and infra/backup.sh's pg_dump round trip on that server.
 */
const root = mkdtempSync(join(tmpdir(), 'wenku-site-data-'));
const dataDir = join(root, 'site');
const backups = join(root, 'backups');
const target = new URL(inject('databaseUrl'));
target.pathname = `/wenku_copy_${process.pid}_${Date.now()}`;
const targetUrl = target.toString();
let admin: pg.Client;

/** infra/backup.sh with the server's environment, the CLI run from the TypeScript sources. */
function backupScript(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    const child = spawn('bash', [new URL('../../../infra/backup.sh', import.meta.url).pathname, ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        WENKU_CLI: [process.execPath, ...processArgv('cli')].join(' '),
        ...env,
      },
      stdio: 'pipe',
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

interface Snapshot {
  member: { username: string; password: string; id: number; token: string };
  balance: number;
  document: number;
  file: string;
}
let site: TestServer;
let before: Snapshot;
let later: string;

beforeAll(async () => {
  const url = new URL(inject('databaseUrl'));
  url.pathname = '/postgres';
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${target.pathname.slice(1)}`);
});
afterAll(async () => {
  await site?.close().catch(() => undefined);
  await admin.query(`drop database if exists ${target.pathname.slice(1)} with (force)`);
  await admin.end();
  rmSync(root, { recursive: true, force: true });
});

const balanceOf = async (api: RestClient) => (await api.get<{ credit_count: number }>('/user')).body.credit_count;

describe('the data of an embedded site', () => {
  it('is backed up while the site runs and restored by infra/backup.sh', async () => {
    site = await startTestServer({ embedded: true, dataDir });
    const siteAdmin = await site.api.admin();
    const m = await site.api.registerMember('copy');
    expect((await m.client.put('/user/sign')).status).toBe(200);
    expect(
      (await siteAdmin.post('/order/system/recharge', { user_id: m.id, credit: 37, remark: '迁移测试' })).status,
    ).toBe(200);
    const doc = await publishDocument(site.url, m.client, makePdf(1, 'site-data'), '迁移的文档');
    const [attachment] = await site.sql<{ path: string }>('select path from attachment where id = ?', [
      doc.attachmentId,
    ]);
    before = {
      member: { ...m, token: m.client.token },
      balance: await balanceOf(m.client),
      document: doc.id,
      file: attachment?.path ?? '',
    };
    expect(before.balance).toBeGreaterThan(37);

    // No copy while the server holds DATA_DIR: the copy would miss what is written meanwhile.
    const refused = await runProcess('cli', ['db:copy-to', targetUrl], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is in use by process');

    const saved = await backupScript(['backup', backups], { DATA_DIR: dataDir });
    expect(saved.code, saved.out).toBe(0);
    expect(saved.out).toContain('reading through the running server');
    // Written after the backup: gone once it is restored.
    later = (await site.api.registerMember('late')).username;
    await site.close();

    const dump = readdirSync(backups).find((f) => f.endsWith('.jsonl.gz')) ?? '';
    const restored = await backupScript(['restore', join(backups, dump)], { DATA_DIR: dataDir });
    expect(restored.code, restored.out).toBe(0);
    expect(readdirSync(dataDir).some((f) => f.startsWith('db.before-restore-'))).toBe(true);
    expect(existsSync(join(dataDir, 'storage', before.file))).toBe(true);
  }, 180_000);

  it('is copied into an empty PostgreSQL database, where a server finds everything', async () => {
    const copied = await runProcess('cli', ['db:copy-to', targetUrl], { DATA_DIR: dataDir });
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toContain('DATABASE_URL=postgres://');
    expect((await runProcess('cli', ['db:copy-to', targetUrl], { DATA_DIR: dataDir })).stderr).toContain('not empty');

    site = await startTestServer({ databaseUrl: targetUrl });
    // The same secret signs tokens: a member signed in on the embedded site stays signed in.
    const member = site.api.withToken(before.member.token);
    expect(await balanceOf(member)).toBe(before.balance);
    const [ledger] = await site.sql<{ s: string }>('select sum(delta) as s from credit_log where user_id = ?', [
      before.member.id,
    ]);
    expect(Number(ledger?.s)).toBe(before.balance);
    // Every member's balance equals the sum of their ledger, as on the embedded site.
    const unequal = await site.sql(
      'select id from "user" u where credit_count <> (select coalesce(sum(delta), 0) from credit_log where user_id = u.id)',
    );
    expect(unequal).toEqual([]);
    const orders = await member.get<{ total: number }>('/user/order');
    expect(orders.body.total).toBeGreaterThanOrEqual(1);
    const doc = await member.get<{ title: string }>('/document', { id: before.document });
    expect(doc.body.title).toBe('迁移的文档');
    expect((await site.api.post('/user/login', { username: later, password: 'secret-123' })).status).toBe(400);
    await site.api.login(before.member.username, before.member.password);
    // The sequences go on where the embedded site left them.
    const fresh = await site.api.registerMember('after');
    expect(fresh.id).toBeGreaterThan(before.member.id);
  }, 120_000);

  it('is backed up from PostgreSQL with pg_dump and restored by infra/backup.sh', async () => {
    const pgBackups = join(root, 'pg');
    const saved = await backupScript(['backup', pgBackups], { DATA_DIR: dataDir, DATABASE_URL: targetUrl });
    expect(saved.code, saved.out).toBe(0);
    const gone = (await site.api.registerMember('gone')).username;
    await site.close();
    const dump = readdirSync(pgBackups).find((f) => f.endsWith('.dump')) ?? '';
    const restored = await backupScript(['restore', join(pgBackups, dump)], {
      DATA_DIR: dataDir,
      DATABASE_URL: targetUrl,
    });
    expect(restored.code, restored.out).toBe(0);
    site = await startTestServer({ databaseUrl: targetUrl });
    expect((await site.sql('select 1 from "user" where username = ?', [gone])).length).toBe(0);
    expect((await site.sql('select 1 from "user" where id = ?', [before.member.id])).length).toBe(1);
  }, 120_000);
});
