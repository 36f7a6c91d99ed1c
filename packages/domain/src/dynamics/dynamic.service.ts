import { Dynamic, type EntityManager } from '@wenku/db';
import { DomainError } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { HIDDEN_STATUSES } from '../policies/document-visibility.ts';
import { type FeedEvent, renderFeedEvent, renderStoredEvent } from './feed-events.ts';

/** Activity feed lines (moredoc-facts §14), written in the transaction of what they tell. */

export const DynamicType = {
  Comment: 1,
  Favorite: 2,
  Upload: 3,
  Download: 4,
  Register: 6,
  SignIn: 11,
  DeleteDocument: 14,
} as const;

/** Types a visitor may see on a member's page: what they published, while it is public (`documentId`). */
const PUBLIC_TYPES: readonly number[] = [DynamicType.Upload];

/**
 * Writes a feed line: the event as data (rendered in each reader's language when read) and its Chinese text (what
 * older readers of the table and moredoc's clients expect). An upload line names its document, which decides whether
 * others may see the line.
 */
export async function addDynamic(
  em: EntityManager,
  userId: number,
  type: number,
  event: FeedEvent,
  documentId = 0,
): Promise<void> {
  await em.insert(Dynamic, { userId, type, content: renderFeedEvent(event, 'zh-CN'), event, documentId });
}

/**
 * GET /user/dynamic: the caller's own feed (every kind), or with `user_id` another member's public lines: uploads of
 * documents anyone may open now (not in review, rejected, disabled or deleted). Newest first, 10..100 per page like
 * moredoc.
 */
export async function listDynamics(ctx: DomainContext, input: { page: number; size: number; user_id?: number }) {
  const own = !input.user_id || input.user_id === ctx.actor?.user.id;
  if (own && !ctx.actor) throw new DomainError('UNAUTHENTICATED', 'auth.unauthenticated');
  const userId = own ? (ctx.actor?.user.id ?? 0) : (input.user_id ?? 0);
  const size = Math.min(100, Math.max(10, input.size));
  const qb = ctx.em.createQueryBuilder(Dynamic, 'dy').where({ userId });
  if (!own) {
    // Filtered when read, not when written: a document can go back to review, be disabled or deleted after its line.
    qb.andWhere({ type: { $in: [...PUBLIC_TYPES] } }).andWhere(
      `exists (select 1 from document d where d.id = dy.document_id and d.deleted_at is null
        and d.status not in (${HIDDEN_STATUSES.map(() => '?').join(',')}))`,
      [...HIDDEN_STATUSES],
    );
  }
  const [rows, total] = await qb
    .orderBy({ id: 'desc' })
    .limit(size)
    .offset((input.page - 1) * size)
    .getResultAndCount();
  return {
    total,
    dynamic: rows.map((d) => ({
      id: d.id,
      user_id: d.userId,
      // In the reader's language when the line kept its event; older lines as they were written (Chinese).
      content: renderStoredEvent(d.event, ctx.language ?? 'zh-CN') ?? d.content,
      type: d.type,
      created_at: d.createdAt.toISOString(),
    })),
  };
}
