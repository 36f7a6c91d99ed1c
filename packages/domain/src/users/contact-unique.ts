import type { EntityManager } from '@wenku/db';
import { MESSAGES, SMS_MESSAGES } from '@wenku/shared';
import { conflict } from '../errors.ts';

/**
 * The CONFLICT a racing request meets when the database's unique index on e-mail or mobile refuses it: the same
 * answer the check before the write gives to a request that comes second. Null for any other error.
 */
export function contactConflict(e: unknown) {
  const text = `${(e as { constraint?: string } | null)?.constraint ?? ''} ${e instanceof Error ? e.message : String(e)}`;
  if (text.includes('user_email_unique')) return conflict(MESSAGES.emailExists);
  if (text.includes('user_mobile_unique')) return conflict(SMS_MESSAGES.mobileTaken);
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
