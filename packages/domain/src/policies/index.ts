/**
 * Rules several areas share (who may see a document).
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './document-visibility.ts';
