import type { IArticle } from '@wenku/db';
import { ArticleStatus } from '@wenku/shared';

/** Who acts: the member's id (none when anonymous) and whether they hold the administrators' permission for the act. */
export interface ArticleActor {
  userId: number | undefined;
  admin: boolean;
}

/** The public reads an article that is approved and not in the recycle bin (its views count only then). */
export const isPublicArticle = (a: Pick<IArticle, 'status' | 'deletedAt'>) =>
  a.status === ArticleStatus.Approved && !a.deletedAt;

/** Its author and article administrators read an article in any state; everyone else only a public one. */
export const mayReadArticle = (a: Pick<IArticle, 'userId' | 'status' | 'deletedAt'>, reader: ArticleActor) =>
  (reader.userId !== undefined && a.userId === reader.userId) || reader.admin || isPublicArticle(a);

/** An administrator edits or deletes any article, an author only their own (every one of `articles`). */
export const mayChangeArticles = (articles: readonly Pick<IArticle, 'userId'>[], actor: ArticleActor) =>
  actor.admin || articles.every((a) => actor.userId !== undefined && a.userId === actor.userId);
