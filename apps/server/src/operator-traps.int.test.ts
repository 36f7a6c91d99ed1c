import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runProcess, type ServerProcess, startServerProcess } from './testing/process.ts';

/**
 * Issue 15 item 9: a misspelled database in DATABASE_URL stops the start instead of creating an empty site with a
 * new administrator; `db:create` creates it on purpose; the generated first password never reaches a log.
 */
const name = `wenku_missing_${process.pid}_${Date.now().toString(36)}`;
const url = new URL(inject('databaseUrl'));
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const dataDir = mkdtempSync(join(tmpdir(), 'wenku-traps-'));
const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
let server: ServerProcess | undefined;

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
const databaseExists = () =>
  onServer(async (c) => ((await c.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await onServer((c) => c.query(`drop database if exists ${name} with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a missing database', () => {
  it('stops the CLI and the server with a plain message, and creates nothing', async () => {
    const message = `database "${name}" does not exist on 127.0.0.1:5432; create it with "npm run cli -- db:create" or fix DATABASE_URL`;
    for (const [script, args] of [
      ['cli', ['config:get', 'system.sitename']],
      ['server', []],
    ] as const) {
      const res = await runProcess(script, [...args], env);
      expect(res.code).toBe(1);
      expect(res.stderr.trim()).toBe(message);
    }
    expect(await databaseExists()).toBe(false);
  }, 120_000);

  it('is created by db:create, whose first admin password only a file holds, deleted at the first sign-in', async () => {
    const created = await runProcess('cli', ['db:create'], env);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`database "${name}" created on 127.0.0.1:5432`);
    expect(await databaseExists()).toBe(true);

    const file = join(dataDir, 'initial-admin-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(`${created.stdout}${created.stderr}`).not.toContain(password);
    expect(created.stderr).toContain(file);

    // Running it again changes nothing.
    const again = await runProcess('cli', ['db:create'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`database "${name}" exists`);
    expect(readFileSync(file, 'utf8').trim()).toBe(password);

    expect((await runProcess('cli', ['config:set', 'security.enable_captcha_login', 'false'], env)).code).toBe(0);
    server = await startServerProcess({ ...env, ROLE: 'web' });
    const login = await fetch(`${server.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect(server.output()).not.toContain(password);
  }, 180_000);
});
