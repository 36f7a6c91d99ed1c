/**
 * Uploaded files other than documents (images, avatars, banners) and the purge of orphans.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './attachment.service.ts';
export * from './purge.service.ts';
