import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratch } from '@wenku/converter';
import { identifyProcess } from '@wenku/shared/process';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness.ts';

/**
 * Issue 15 item 13: a worker killed mid-conversion leaves its scratch folder and LibreOffice behind; the next worker
 * start removes both, and leaves the folders of workers still running.
 */
let server: TestServer | undefined;
const cleanup: (() => void)[] = [];
afterAll(async () => {
  for (const fn of cleanup) fn();
  await server?.close();
});

const exitOf = (child: ChildProcess) =>
  new Promise<string | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));

describe('conversion scratch at worker start', () => {
  it("removes a dead worker's scratch folder and kills its LibreOffice; a live worker's folder stays", async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    const dead = await identifyProcess(gone.pid);
    await exitOf(gone);
    const leftover = join(tmpdir(), `wenku-convert-${dead.pid}-${dead.startTicks ?? 0}-itest${Date.now()}`);
    mkdirSync(join(leftover, 'work', 'lo-profile-1'), { recursive: true });
    cleanup.push(() => rmSync(leftover, { recursive: true, force: true }));
    // Stands in for the soffice.bin a killed conversion leaves running: it names its profile in the scratch folder.
    const orphan = spawn(
      process.execPath,
      ['-e', 'setInterval(() => {}, 1000)', '--', `-env:UserInstallation=file://${leftover}/work/lo-profile-1`],
      { stdio: 'ignore', detached: true },
    );
    cleanup.push(() => orphan.kill('SIGKILL'));
    const orphanExit = exitOf(orphan);
    await new Promise((resolve) => orphan.once('spawn', resolve));
    const live = await createScratch();
    cleanup.push(() => rmSync(live, { recursive: true, force: true }));

    server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: true });

    expect(existsSync(leftover)).toBe(false);
    expect(await orphanExit).toBe('SIGKILL');
    expect(existsSync(live)).toBe(true);
  }, 120_000);
});
