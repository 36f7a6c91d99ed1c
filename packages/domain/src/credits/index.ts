/**
 * The credit ledger: one locked change per movement of a member's credits.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './credits.service.ts';
