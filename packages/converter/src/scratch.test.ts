import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identifyProcess } from '@wenku/shared/process';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepScratch } from './scratch.ts';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

function exitOf(child: ChildProcess) {
  return new Promise<string | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
}

/** A stand-in for soffice.bin: any process whose arguments name a profile in `dir`. */
function fakeLibreOffice(dir: string) {
  const child = spawn(
    process.execPath,
    ['-e', 'setInterval(() => {}, 1000)', '--', `-env:UserInstallation=file://${dir}/work/lo-profile-1`],
    { stdio: 'ignore' },
  );
  cleanup.push(() => child.kill('SIGKILL'));
  return child;
}

describe('conversion scratch sweep', () => {
  it("removes a dead worker's folder and kills its LibreOffice, keeps a live worker's and foreign folders", async () => {
    const root = mkdtempSync(join(tmpdir(), 'wenku-scratch-root-'));
    cleanup.push(() => rmSync(root, { recursive: true, force: true }));
    const gone = spawn(process.execPath, ['-e', '']);
    const dead = await identifyProcess(gone.pid);
    await exitOf(gone);
    const me = await identifyProcess();

    const leftover = join(root, `wenku-convert-${dead.pid}-${dead.startTicks ?? 0}-aaaaaa`);
    const live = join(root, `wenku-convert-${me.pid}-${me.startTicks ?? 0}-bbbbbb`);
    const foreign = join(root, 'wenku-convert-cccccc');
    for (const dir of [leftover, live, foreign]) mkdirSync(join(dir, 'work', 'lo-profile-1'), { recursive: true });
    const orphan = fakeLibreOffice(leftover);
    fakeLibreOffice(live);
    const orphanExit = exitOf(orphan);
    await new Promise((resolve) => orphan.once('spawn', resolve));

    expect(await sweepScratch(root)).toEqual([leftover]);
    expect(existsSync(leftover)).toBe(false);
    expect(await orphanExit).toBe('SIGKILL');
    expect(existsSync(live)).toBe(true);
    expect(existsSync(foreign)).toBe(true);
  });
});
