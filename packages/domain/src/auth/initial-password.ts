import { rm, writeFile } from 'node:fs/promises';
import type { Runtime } from '../context.ts';

/** Where, under DATA_DIR, a generated first administrator password waits for its owner. */
export const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password';

/**
 * Hands a generated administrator password over through a file only the server's user can read, never through
 * stdout: logs and the journal keep what is printed, long after the password should be secret (issue 15).
 */
export async function writeInitialAdminPassword(path: string, password: string): Promise<void> {
  // A file left by an earlier install may have another mode: start from nothing, created 0600 in one step.
  await rm(path, { force: true });
  await writeFile(path, `${password}\n`, { mode: 0o600, flag: 'wx' });
}

/** Deletes the first-password file: the administrator has signed in (or the password was reset), it was handed over. */
export async function forgetInitialAdminPassword(runtime: Runtime): Promise<void> {
  if (runtime.initialAdminPasswordFile) await rm(runtime.initialAdminPasswordFile, { force: true });
}
