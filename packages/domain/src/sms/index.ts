/**
 * Text messages: codes, sign-in and sign-up by mobile, the send log.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './sms.presenter.ts';
export * from './sms.service.ts';
