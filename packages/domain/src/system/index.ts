/**
 * System information, licence and the release check.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './release.service.ts';
export * from './system.service.ts';
