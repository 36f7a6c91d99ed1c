// Node-only (imported as `@wenku/shared/process`, never by the web app): who a process is, beyond its pid.
import { readFile } from 'node:fs/promises';

/**
 * A process as recorded by a lock or a scratch folder. A pid alone cannot tell a crashed owner from a stranger that
 * later got the same number (a container starts its server at the same pid every time; busy hosts wrap around), so
 * the start time and the kernel boot are kept beside it where Linux tells them.
 */
export interface ProcessIdentity {
  pid: number;
  /** Start time in clock ticks since boot (`/proc/<pid>/stat` field 22); absent where there is no /proc. */
  startTicks?: number;
  /** The kernel boot the process ran in (`/proc/sys/kernel/random/boot_id`). */
  bootId?: string;
}

async function startTicksOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count the fields after its closing one.
    const ticks = Number(
      stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .at(19),
    );
    return Number.isSafeInteger(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

async function currentBootId(): Promise<string | undefined> {
  try {
    return (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The identity of a running process (this one by default). */
export async function identifyProcess(pid: number = process.pid): Promise<ProcessIdentity> {
  const [startTicks, bootId] = await Promise.all([startTicksOf(pid), currentBootId()]);
  return { pid, ...(startTicks === undefined ? {} : { startTicks }), ...(bootId ? { bootId } : {}) };
}

/** Whether the process that had this identity still runs: same pid, same start time, same boot. */
export async function isProcessRunning(who: ProcessIdentity): Promise<boolean> {
  // kill(0) and kill(-n) would address process groups: only a real pid is asked about.
  if (!Number.isSafeInteger(who.pid) || who.pid <= 0) return false;
  if (who.bootId) {
    const boot = await currentBootId();
    if (boot && boot !== who.bootId) return false;
  }
  try {
    process.kill(who.pid, 0);
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (who.startTicks !== undefined) {
    const now = await startTicksOf(who.pid);
    if (now !== undefined && now !== who.startTicks) return false;
  }
  return true;
}
