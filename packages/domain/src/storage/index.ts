/**
 * File storage (local or S3) and copying between them.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './copy-storage.ts';
export * from './s3-storage.ts';
export * from './storage.ts';
