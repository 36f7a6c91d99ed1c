import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from './testing/constants.ts';
import { runProcess, type ServerProcess, startServerProcess } from './testing/process.ts';

/**
 * Issue 15 item 4: the embedded site starts again after kill -9 (no leftover socket or lock stands in the way), and a
 * second process on a live DATA_DIR says plainly which process holds it instead of crashing inside PGlite.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'wenku-lock-'));
const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, ROLE: 'web' };
const started: ServerProcess[] = [];

async function start() {
  const server = await startServerProcess(env);
  started.push(server);
  return server;
}

async function answers(server: ServerProcess) {
  return (await fetch(`${server.url}/api/v1/settings`)).status;
}

afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) await s.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded DATA_DIR lock', () => {
  it('starts again after kill -9, refuses a second process plainly, and is released by SIGTERM', async () => {
    const first = await start();
    expect(await answers(first)).toBe(200);

    // A second server and the CLI on the live folder: one plain line naming the owner, exit code 1, no stack.
    for (const [script, args] of [
      ['server', []],
      ['cli', ['config:get', 'system.sitename']],
    ] as const) {
      const second = await runProcess(script, [...args], env);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`DATA_DIR ${dataDir} is in use by process ${first.child.pid} (wenku server`);
      expect(second.stderr).toContain('stop it or use another DATA_DIR');
      expect(second.stderr).not.toMatch(/^\s+at /m);
    }
    expect(await answers(first)).toBe(200);

    const { socketDir } = JSON.parse(readFileSync(join(dataDir, 'wenku.lock'), 'utf8')) as { socketDir: string };
    expect(existsSync(socketDir)).toBe(true);
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');
    const again = await start();
    expect(await answers(again)).toBe(200);
    // The dead server's socket folder went with its stale lock.
    expect(existsSync(socketDir)).toBe(false);
    const { body } = await runProcess('cli', ['config:get', 'system.sitename'], env).then((r) => ({ body: r.stderr }));
    expect(body).toContain(`in use by process ${again.child.pid}`);

    // A clean stop releases the folder at once: the CLI then runs on it.
    expect(await again.stop('SIGTERM')).toBe(0);
    expect(existsSync(join(dataDir, 'wenku.lock'))).toBe(false);
    const cli = await runProcess('cli', ['config:get', 'security.is_close'], env);
    expect(cli).toMatchObject({ code: 0 });
    expect(cli.stdout.trim()).toBe('false');
  }, 300_000);
});
