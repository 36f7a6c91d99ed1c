/**
 * Groups and permissions (the admin's "user groups"; rules of handing them out in access.policy.ts).
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './group.service.ts';
