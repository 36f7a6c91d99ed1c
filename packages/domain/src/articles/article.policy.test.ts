import { ArticleStatus } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import { isPublicArticle, mayChangeArticles, mayReadArticle } from './article.policy.ts';

const article = (status: ArticleStatus, deletedAt: Date | null = null, userId = 7) => ({ userId, status, deletedAt });
const author = { userId: 7, admin: false };
const stranger = { userId: 8, admin: false };
const anonymous = { userId: undefined, admin: false };
const admin = { userId: 9, admin: true };

describe('article policy', () => {
  it('shows the public an approved article outside the recycle bin only', () => {
    expect(isPublicArticle(article(ArticleStatus.Approved))).toBe(true);
    expect(isPublicArticle(article(ArticleStatus.Pending))).toBe(false);
    expect(isPublicArticle(article(ArticleStatus.Rejected))).toBe(false);
    expect(isPublicArticle(article(ArticleStatus.Approved, new Date()))).toBe(false);
  });

  it('lets the author and administrators read an article in any state, others a public one', () => {
    for (const status of [ArticleStatus.Pending, ArticleStatus.Rejected, ArticleStatus.Approved]) {
      for (const deletedAt of [null, new Date()]) {
        const a = article(status, deletedAt);
        const pub = status === ArticleStatus.Approved && !deletedAt;
        expect(mayReadArticle(a, author)).toBe(true);
        expect(mayReadArticle(a, admin)).toBe(true);
        expect(mayReadArticle(a, stranger)).toBe(pub);
        expect(mayReadArticle(a, anonymous)).toBe(pub);
      }
    }
  });

  it('lets authors change their own articles only, administrators any', () => {
    const mine = article(ArticleStatus.Approved);
    const theirs = article(ArticleStatus.Approved, null, 8);
    expect(mayChangeArticles([mine], author)).toBe(true);
    expect(mayChangeArticles([mine, theirs], author)).toBe(false);
    expect(mayChangeArticles([theirs], author)).toBe(false);
    expect(mayChangeArticles([mine, theirs], admin)).toBe(true);
    expect(mayChangeArticles([mine], anonymous)).toBe(false);
  });
});
