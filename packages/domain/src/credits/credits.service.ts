import { CreditLog, type EntityManager, User } from '@wenku/db';

/**
 * One member's credit-moving commands (downloads, payments, uploads, rewarded ads) run one at a time: a transaction
 * advisory lock on the member, taken before any count or balance check of theirs.
 */
export const lockMember = (em: EntityManager, userId: number) =>
  em.execute('select pg_advisory_xact_lock(?, ?)', [1, userId]);

export interface CreditChange {
  userId: number;
  delta: number;
  reason: string;
  /** Unique per reason: booking the same (reason, refKey) twice fails on the unique constraint. */
  refKey?: string | null;
  remark?: string;
  /** Refuse (return null) instead of letting the balance go below zero: spending, never rewards or deductions. */
  mustCover?: boolean;
}

/**
 * Moves a user's credits and writes the ledger row; must run inside the caller's transaction (`em` is the
 * transaction's). The balance is updated atomically in SQL so concurrent changes never lose an update.
 * Returns the balance after the change.
 */
export async function changeCredits(
  em: EntityManager,
  change: CreditChange & { mustCover: true },
): Promise<number | null>;
export async function changeCredits(em: EntityManager, change: CreditChange): Promise<number>;
export async function changeCredits(em: EntityManager, change: CreditChange): Promise<number | null> {
  if (!Number.isInteger(change.delta)) throw new Error('credit delta must be an integer');
  // The guard sits in the same UPDATE, so two concurrent spends can never both pass a stale balance check.
  const guard = change.mustCover ? ' and credit_count + ? >= 0' : '';
  const rows: { credit_count: number }[] = await em.execute(
    `update "user" set credit_count = credit_count + ?, updated_at = now() where id = ?${guard} returning credit_count`,
    change.mustCover ? [change.delta, change.userId, change.delta] : [change.delta, change.userId],
  );
  const balance = rows[0]?.credit_count;
  if (balance === undefined) {
    if (change.mustCover) return null;
    throw new Error(`user ${change.userId} not found`);
  }
  em.create(CreditLog, {
    userId: change.userId,
    delta: change.delta,
    balanceAfter: balance,
    reason: change.reason,
    refKey: change.refKey ?? null,
    remark: change.remark ?? '',
  });
  await em.flush();
  // Keep an already-loaded user entity in step with the database.
  const loaded = em.getUnitOfWork().getById(User.meta.className, change.userId);
  if (loaded) (loaded as { creditCount: number }).creditCount = balance;
  return balance;
}
