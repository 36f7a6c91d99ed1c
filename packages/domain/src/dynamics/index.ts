/**
 * The member feed (dynamics).
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './dynamic.service.ts';
