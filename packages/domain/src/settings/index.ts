/**
 * Site settings (the `config` table) and the public settings.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './settings.cache.ts';
export * from './settings.presenter.ts';
export * from './settings.service.ts';
