export * from './access.ts';
export * from './article.ts';
export * from './catalogue.ts';
export * from './common.ts';
export * from './document.ts';
export * from './search.ts';
export * from './settings.ts';
export * from './user.ts';
