import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identifyProcess, isProcessRunning } from '@wenku/shared/process';

/**
 * Conversion scratch folders are `<tmpdir>/wenku-convert-<pid>-<start ticks>-<random>`: the owner's identity in the
 * name lets a later start tell a folder left by a dead worker (kill -9, out of memory) from one a live worker is
 * using, on the same machine or a neighbour sharing /tmp.
 */
export const SCRATCH_PREFIX = 'wenku-convert-';
const SCRATCH_NAME = /^wenku-convert-(\d+)-(\d+)-[^/]+$/;

let owner: Promise<string> | undefined;

/** A new scratch folder owned by this process (mode 0700, as mkdtemp makes it). */
export async function createScratch(): Promise<string> {
  owner ??= identifyProcess().then((me) => `${me.pid}-${me.startTicks ?? 0}`);
  return mkdtemp(join(tmpdir(), `${SCRATCH_PREFIX}${await owner}-`));
}

/**
 * Kills the LibreOffice processes (oosplash, soffice.bin) whose profile lies in `dir`. They run in a session of
 * their own, so killing the conversion child does not take them along, and once their caller is gone nothing would
 * ever stop one stuck on a bad file. Returns the pids killed.
 */
export async function killLibreOfficeIn(dir: string): Promise<number[]> {
  const marker = `-env:UserInstallation=file://${dir}/`;
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return [];
  }
  const killed: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    let args: string[];
    try {
      args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    } catch {
      continue; // exited meanwhile, or not ours to read
    }
    if (!args.some((a) => a.startsWith(marker))) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed.push(pid);
    } catch {
      // already gone
    }
  }
  return killed;
}

/** Ends a conversion's scratch folder: its LibreOffice processes first, then the files. */
export async function removeScratch(dir: string): Promise<void> {
  await killLibreOfficeIn(dir);
  await rm(dir, { recursive: true, force: true });
}

/**
 * At worker start: removes the scratch folders whose owner process is gone, with the LibreOffice processes still
 * working in them. Folders of live processes (another worker on this machine) are left alone. Returns the folders
 * removed.
 */
export async function sweepScratch(root: string = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const m = SCRATCH_NAME.exec(name);
    if (!m) continue;
    const ticks = Number(m[2]);
    if (await isProcessRunning({ pid: Number(m[1]), ...(ticks ? { startTicks: ticks } : {}) })) continue;
    await removeScratch(join(root, name));
    removed.push(join(root, name));
  }
  return removed;
}
