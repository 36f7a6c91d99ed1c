/**
 * Accounts: sign-up and sign-in, profiles, the admin user list.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './sign-in.service.ts';
export * from './user.policy.ts';
export * from './user.presenter.ts';
export * from './user.service.ts';
