import type { EntityManager } from '@wenku/db';
import { conflict } from '../errors.ts';

/**
 * The CONFLICT a racing request meets when the database's unique index on e-mail or mobile refuses it: the same
 * answer the check before the write gives to a request that comes second. Null for any other error.
 */
export function contactConflict(e: unknown) {
  const text = `${(e as { constraint?: string } | null)?.constraint ?? ''} ${e instanceof Error ? e.message : String(e)}`;
  if (text.includes('user_email_unique')) return conflict('users.email_exists');
  if (text.includes('user_mobile_unique')) return conflict('sms.mobile_taken');
  return null;
}

/** Flushes a change to a user's e-mail or mobile, turning a lost race for the address into CONFLICT. */
export async function flushContact(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (e) {
    throw contactConflict(e) ?? e;
  }
}

/** Advisory-lock namespace for usernames (others: 1–3 members, 70–71 SMS). */
const LOCK_USERNAME = 72;

/**
 * Serialises sign-ups of one username in any case: the table's constraint is exact, the rule (用户名已存在 for
 * `Bob` when `bob` exists) is case-insensitive, so the check and the insert run under this lock.
 */
export const lockUsername = (em: EntityManager, username: string) =>
  em.execute('select pg_advisory_xact_lock(?, hashtext(lower(?)))', [LOCK_USERNAME, username]);
