/**
 * Categories, navigation, banners, friendly links, advertisements: the site's catalogue of pages.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './catalogue.presenter.ts';
export * from './catalogue.service.ts';
export * from './category.service.ts';
