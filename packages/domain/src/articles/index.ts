/**
 * Articles and single pages: publishing, review, the recycle bin, related articles.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */

export * from './article.policy.ts';
export * from './article.presenter.ts';
export * from './article.service.ts';
export * from './article-html.ts';
