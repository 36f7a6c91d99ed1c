/**
 * Punishments and reports.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './moderation.presenter.ts';
export * from './punishment.service.ts';
export * from './report.service.ts';
