/**
 * The first data of a new site and the demo library.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './demo-library.content.ts';
export * from './demo-library.ts';
export * from './seed.service.ts';
