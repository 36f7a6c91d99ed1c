import { LockMode } from '@mikro-orm/core';
import { UnfinishedUpload, User } from '@wenku/db';
import { DomainError } from '@wenku/shared';
import type { DomainContext } from '../context.ts';

export interface UploadQuota {
  /** Unfinished uploads a member may hold at once. */
  maxUnfinished: number;
  /** Bytes those may reserve together (a deferred length reserves the whole cap). */
  maxReservedBytes: number;
  /** The size cap of one document. */
  maxBytes: number;
  /** An upload older than this has expired and no longer counts. */
  expireMs: number;
}

/**
 * Records a new resumable upload against its member's quota, or refuses it. The member's row is locked while
 * counting, so creations in parallel, in this process or in another web process, are counted one after the other.
 * Throws RATE_LIMITED.
 */
export async function reserveUnfinishedUpload(
  ctx: DomainContext,
  input: { id: string; userId: number; size?: number },
  quota: UploadQuota,
): Promise<void> {
  await ctx.em.transactional(async (em) => {
    await em.findOne(User, { id: input.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] });
    const live = await em.find(UnfinishedUpload, {
      userId: input.userId,
      createdAt: { $gt: new Date(Date.now() - quota.expireMs) },
    });
    const reserved = live.reduce((sum, u) => sum + (u.size ?? quota.maxBytes), 0);
    if (live.length >= quota.maxUnfinished || reserved + (input.size ?? quota.maxBytes) > quota.maxReservedBytes) {
      throw new DomainError('RATE_LIMITED', 'documents.too_many_unfinished_uploads');
    }
    em.create(UnfinishedUpload, { id: input.id, userId: input.userId, size: input.size ?? null });
  });
}

/** Takes an upload off its member's quota: it finished, or was removed. */
export async function releaseUnfinishedUpload(ctx: DomainContext, id: string): Promise<void> {
  await ctx.em.nativeDelete(UnfinishedUpload, { id });
}

/** Forgets uploads past their expiry (their files are removed by the upload store's own cleanup). */
export async function forgetExpiredUploads(ctx: DomainContext, expireMs: number): Promise<number> {
  return ctx.em.nativeDelete(UnfinishedUpload, { createdAt: { $lt: new Date(Date.now() - expireMs) } });
}
