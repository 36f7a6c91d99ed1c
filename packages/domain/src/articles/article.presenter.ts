import type { IArticle } from '@wenku/db';
import type { ArticleDTO, PublicUserDTO } from '@wenku/shared';
import type { CategoryRef } from '../catalogue/category.service.ts';

/** An article as loaded; lists leave the content out. */
export type ArticleRow = Omit<IArticle, 'content'> & { content?: string };

/** Article → wire shape (`with_content` decides whether the HTML goes along). */
export function presentArticle(
  a: ArticleRow,
  x: { user?: PublicUserDTO; categoryIds: number[]; categories?: CategoryRef[]; withContent?: boolean },
): ArticleDTO {
  return {
    id: a.id,
    identifier: a.identifier,
    user_id: a.userId,
    user: x.user,
    view_count: a.viewCount,
    favorite_count: a.favoriteCount,
    comment_count: a.commentCount,
    title: a.title,
    keywords: a.keywords,
    description: a.description,
    ...(x.withContent ? { content: a.content ?? '' } : {}),
    cover: a.cover,
    source: a.source,
    source_url: a.sourceUrl,
    notice: a.notice,
    status: a.status,
    reject_reason: a.rejectReason,
    recommend_at: a.recommendAt ? a.recommendAt.toISOString() : null,
    category_id: x.categoryIds,
    category: x.categories ?? [],
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    deleted_at: a.deletedAt ? a.deletedAt.toISOString() : null,
  };
}
