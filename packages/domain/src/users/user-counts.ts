import type { EntityManager } from '@wenku/db';
import { ArticleStatus, DocumentStatus } from '@wenku/shared';
import type { Actor } from '../context.ts';
import { can } from '../permissions.ts';
import { isDocumentAdmin } from '../policies/document-visibility.ts';

export interface ShownCounts {
  docs: number;
  articles: number;
}

/**
 * The documents and articles of each member that `viewer` can open, counted by the rules of the lists they open
 * (issue 20): the public counts converted documents and approved articles outside the recycle bin; the member
 * themselves and administrators count every one outside the recycle bin, as their lists show them.
 */
export async function shownCounts(
  em: EntityManager,
  viewer: Actor | null,
  userIds: readonly number[],
): Promise<Map<number, ShownCounts>> {
  const out = new Map<number, ShownCounts>(userIds.map((id) => [id, { docs: 0, articles: 0 }]));
  if (userIds.length === 0) return out;
  const marks = userIds.map(() => '?').join(',');
  const docAdmin = isDocumentAdmin(viewer);
  const articleAdmin = can(viewer, 'ArticleAPI.ListArticle') || can(viewer, 'ArticleAPI.GetArticle');
  const self = viewer?.user.id ?? 0;
  const [docs, articles] = await Promise.all([
    em.execute<{ user_id: number; n: string | number }[]>(
      `select user_id, count(*) as n from document where deleted_at is null and user_id in (${marks})
         and (status = ? or ? or user_id = ?) group by user_id`,
      [...userIds, DocumentStatus.Converted, docAdmin, self],
    ),
    em.execute<{ user_id: number; n: string | number }[]>(
      `select user_id, count(*) as n from article where deleted_at is null and user_id in (${marks})
         and (status = ? or ? or user_id = ?) group by user_id`,
      [...userIds, ArticleStatus.Approved, articleAdmin, self],
    ),
  ]);
  for (const r of docs) {
    const c = out.get(Number(r.user_id));
    if (c) c.docs = Number(r.n);
  }
  for (const r of articles) {
    const c = out.get(Number(r.user_id));
    if (c) c.articles = Number(r.n);
  }
  return out;
}
