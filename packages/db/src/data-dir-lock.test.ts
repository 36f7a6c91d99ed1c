import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identifyProcess } from '@wenku/shared/process';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE, DataDirInUseError, lockDataDir, SOCKET_DIR_PREFIX } from './data-dir-lock.ts';

const dirs: string[] = [];
function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The identity of a process that has exited, as a crashed owner leaves it in its lock. */
async function deadProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  const who = await identifyProcess(child.pid);
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });
  return who;
}

describe('DATA_DIR lock', () => {
  it('refuses a second holder with the first one named, and is free again after release', async () => {
    const dataDir = tempDir('wenku-lock-unit-');
    const lock = await lockDataDir(dataDir, { owner: 'wenku server' });
    const second = await lockDataDir(dataDir, { owner: 'wenku cli migrate' }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(DataDirInUseError);
    expect((second as Error).message).toBe(
      `DATA_DIR ${dataDir} is in use by process ${process.pid} (wenku server, started ${lock.holder.startedAt}); stop it or use another DATA_DIR`,
    );
    await lock.release();
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
    await (await lockDataDir(dataDir, { owner: 'wenku cli migrate' })).release();
  });

  it('takes over the lock and socket folder of a dead process, and an unreadable lock', async () => {
    const dataDir = tempDir('wenku-lock-unit-');
    const socketDir = tempDir(SOCKET_DIR_PREFIX);
    writeFileSync(join(socketDir, '.s.PGSQL.5432'), '');
    const dead = await deadProcess();
    const path = join(dataDir, DATA_DIR_LOCK_FILE);
    writeFileSync(path, JSON.stringify({ ...dead, owner: 'wenku server', host: 'x', startedAt: '', socketDir }));
    const lock = await lockDataDir(dataDir, { owner: 'wenku server' });
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
    expect(existsSync(socketDir)).toBe(false);
    await lock.release();

    writeFileSync(path, 'half a lo');
    await (await lockDataDir(dataDir, { owner: 'wenku server' })).release();
  });

  it('never removes a folder a lock file points at outside its own socket folders', async () => {
    const dataDir = tempDir('wenku-lock-unit-');
    const precious = tempDir('precious-');
    mkdirSync(join(precious, 'keep'));
    const dead = await deadProcess();
    writeFileSync(
      join(dataDir, DATA_DIR_LOCK_FILE),
      JSON.stringify({ ...dead, owner: 'x', host: 'x', startedAt: '', socketDir: precious }),
    );
    await (await lockDataDir(dataDir, { owner: 'wenku server' })).release();
    expect(existsSync(join(precious, 'keep'))).toBe(true);
  });
});
