export * from './address.ts';
export * from './article-crawl.ts';
export * from './fetcher.ts';
export * from './links.ts';
export * from './politeness.ts';
export * from './spider.presenter.ts';
export * from './spider.service.ts';
