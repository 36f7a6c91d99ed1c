import { Article, Document, type EntityManager } from '@wenku/db';
import { ArticleStatus, DocumentStatus } from '@wenku/shared';
import { notFound } from '../errors.ts';

export interface Target {
  type: 0 | 1;
  id: number;
  ownerId: number;
  title: string;
  /** Document uuid or article identifier. */
  slug: string;
  table: 'document' | 'article';
}

/**
 * The document or article a favourite, comment or report is about, if the public may see it: converted documents
 * and approved articles, not deleted. Shared by interactions and moderation, below both. Throws NOT_FOUND.
 */
export async function publicTarget(em: EntityManager, type: number, id: number): Promise<Target> {
  if (type === 1) {
    const a = await em.findOne(Article, { id, deletedAt: null, status: ArticleStatus.Approved });
    if (!a) throw notFound('articles.not_found');
    return { type: 1, id, ownerId: a.userId, title: a.title, slug: a.identifier, table: 'article' };
  }
  const d = await em.findOne(Document, { id, deletedAt: null, status: DocumentStatus.Converted });
  if (!d) throw notFound('documents.not_found');
  return { type: 0, id, ownerId: d.userId, title: d.title, slug: d.uuid, table: 'document' };
}
