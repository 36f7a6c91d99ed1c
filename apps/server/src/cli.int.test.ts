import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeDocument } from './testing/factories.ts';
import { startTestServer, type TestServer } from './testing/harness.ts';

const run = promisify(execFile);
const cliPath = new URL('./cli.ts', import.meta.url).pathname;
let server: TestServer;

/** Runs `npm run cli -- …` the way an operator would, against the test database. */
async function cli(...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cliPath, ...args], {
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: '/tmp/wenku-cli-test' },
      timeout: 60_000,
    });
    return { code: 0, out: stdout.trim() };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: `${err.stdout}${err.stderr}`.trim() };
  }
}

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
});
afterAll(() => server.close());

describe('operator command line', () => {
  it('reads and writes a setting, validating its type', async () => {
    expect(await cli('config:set', 'security.is_close', 'true')).toMatchObject({
      code: 0,
      out: 'security.is_close = true',
    });
    expect((await cli('config:get', 'security.is_close')).out).toBe('true');
    expect((await cli('config:set', 'security.is_close', 'maybe')).code).toBe(1);
    expect((await cli('config:set', 'security.is_close', 'false')).code).toBe(0);
    expect((await cli('config:get', 'nosuch.setting')).code).toBe(1);
  }, 120_000);

  it("resets a member's password and ends their sessions", async () => {
    const { client, username } = await server.api.registerMember('cli');
    const res = await cli('user:password', username, 'from-the-cli');
    expect(res).toMatchObject({ code: 0 });
    expect((await client.put('/user/profile', { signature: 'x' })).status).toBe(401);
    expect((await server.api.post('/user/login', { username, password: 'from-the-cli' })).status).toBe(200);
    expect((await cli('user:password', 'nobody-here', 'whatever1')).code).toBe(1);
  }, 120_000);

  it('queues documents for conversion again', async () => {
    const res = await cli('reconvert');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/\d+ document\(s\) queued for conversion/);
    expect((await cli('reconvert', 'abc')).code).toBe(2);
  }, 120_000);

  it('queues the published documents converted before the text structure was kept', async () => {
    // Other tests of the run may have left such documents (rows written by hand): queue those first.
    expect((await cli('reconvert', '--text-structure')).code).toBe(0);
    const hash = `${Date.now().toString(16)}`.padEnd(32, 'a').slice(0, 32);
    const doc = await makeDocument(server, { title: 'old text', hash });
    await server.sql(`insert into document_page (hash, page, content, lines, blocks) values (?, 1, 'x', '[]', null)`, [
      hash,
    ]);
    const res = await cli('reconvert', '--text-structure');
    expect(res).toMatchObject({ code: 0, out: '1 document(s) queued for conversion' });
    const [row] = await server.sql<{ status: number }>('select status from document where id = ?', [doc.id]);
    expect(row?.status).toBe(5);
    // Nothing left to do the second time.
    expect((await cli('reconvert', '--text-structure')).out).toBe('0 document(s) queued for conversion');
  }, 120_000);

  it('prints usage for an unknown command', async () => {
    const res = await cli('frobnicate');
    expect(res.code).toBe(2);
    expect(res.out).toContain('usage: npm run cli');
  });
});
