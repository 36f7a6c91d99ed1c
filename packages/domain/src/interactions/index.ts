/**
 * Comments and favourites.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './comment.service.ts';
export * from './favorite.service.ts';
export * from './interaction.policy.ts';
export * from './interaction.presenter.ts';
