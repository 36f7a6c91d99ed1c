/**
 * Credentials machinery: actors from tokens, passwords, captcha, mailed codes, password reset, the site gate.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './actor.ts';
export * from './captcha.service.ts';
export * from './email-code.service.ts';
export * from './find-password.service.ts';
export * from './initial-password.ts';
export * from './mail-limits.ts';
export * from './passwords.ts';
export * from './site-gate.ts';
export * from './tokens.ts';
