import { randomBytes } from 'node:crypto';
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { identifyProcess, isProcessRunning, type ProcessIdentity } from '@wenku/shared/process';

/** The lock's name inside DATA_DIR. */
export const DATA_DIR_LOCK_FILE = 'wenku.lock';
/** Socket folders of the embedded server are `<tmpdir>/wenku-pg-<random>`; only such folders are ever removed. */
export const SOCKET_DIR_PREFIX = 'wenku-pg-';

/** What the lock file says about its holder. */
export interface DataDirOwner extends ProcessIdentity {
  /** What the process is, for the operator: "wenku server", "wenku cli config:get". */
  owner: string;
  host: string;
  startedAt: string;
  /** Where that process's embedded server listened; removed with a stale lock. */
  socketDir?: string;
}

/** A live process holds DATA_DIR: the message says which one and what to do. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirOwner,
  ) {
    const where = holder.host && holder.host !== hostname() ? ` on ${holder.host}` : '';
    super(
      `DATA_DIR ${dataDir} is in use by process ${holder.pid} (${holder.owner}, started ${holder.startedAt}${where}); stop it or use another DATA_DIR`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  holder: DataDirOwner;
  /** Removes the lock (if still ours) and the socket folder. */
  release(): Promise<void>;
}

async function readHolder(path: string): Promise<{ raw: string; holder?: DataDirOwner } | undefined> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    const holder = JSON.parse(raw) as DataDirOwner;
    return { raw, holder: Number.isSafeInteger(holder.pid) ? holder : undefined };
  } catch {
    // Not ours or unreadable: it names no process that could still hold the folder.
    return { raw };
  }
}

async function removeSocketDir(socketDir: string | undefined) {
  // Never follow a lock file elsewhere: only a socket folder of ours in the temp folder is removed.
  if (socketDir && dirname(socketDir) === tmpdir() && basename(socketDir).startsWith(SOCKET_DIR_PREFIX)) {
    await rm(socketDir, { recursive: true, force: true });
  }
}

/**
 * Moves a stale lock aside. The rename is atomic, but another starter may have replaced the stale lock with its live
 * one between our read and our rename: then the file we moved is not the one judged stale, and it is put back.
 */
async function takeOverStale(path: string, judged: string, socketDir: string | undefined) {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  const moved = await readHolder(aside);
  if (moved?.raw !== judged) await link(aside, path).catch(() => undefined);
  else await removeSocketDir(socketDir);
  await rm(aside, { force: true });
}

/**
 * Takes DATA_DIR for this process before the embedded database opens: two PGlite instances on one folder would
 * corrupt it. The lock file holds the owner's pid, start time and boot (written whole, then linked into place, so a
 * reader never sees half of it). A lock whose process is gone (kill -9, out of memory, a reboot) is taken over with
 * its socket folder; a live one throws DataDirInUseError.
 */
export async function lockDataDir(dataDir: string, opts: { owner: string; socketDir?: string }): Promise<DataDirLock> {
  const path = join(dataDir, DATA_DIR_LOCK_FILE);
  const holder: DataDirOwner = {
    ...(await identifyProcess()),
    owner: opts.owner,
    host: hostname(),
    startedAt: new Date().toISOString(),
    ...(opts.socketDir ? { socketDir: opts.socketDir } : {}),
  };
  const raw = JSON.stringify(holder);
  const draft = `${path}.${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(draft, raw, { mode: 0o600 });
  try {
    // A few rounds cover losing a take-over race; each round either returns, throws or sees the lock change.
    for (let round = 0; round < 5; round++) {
      try {
        await link(draft, path);
        return { holder, release: () => releaseLock(path, raw, holder.socketDir) };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const current = await readHolder(path);
      if (!current) continue;
      if (current.holder && (await isProcessRunning(current.holder))) {
        throw new DataDirInUseError(dataDir, current.holder);
      }
      await takeOverStale(path, current.raw, current.holder?.socketDir);
    }
    throw new Error(`DATA_DIR ${dataDir}: could not take ${DATA_DIR_LOCK_FILE}; another process keeps replacing it`);
  } finally {
    await rm(draft, { force: true });
  }
}

async function releaseLock(path: string, raw: string, socketDir: string | undefined) {
  const current = await readHolder(path);
  if (current?.raw === raw) await rm(path, { force: true });
  await removeSocketDir(socketDir);
}
