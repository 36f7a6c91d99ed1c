/**
 * Orders and what they buy: documents, credits, VIP; payment, sign-in rewards.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './order.policy.ts';
export * from './order.presenter.ts';
export * from './order.service.ts';
export * from './payment.service.ts';
export * from './sign.service.ts';
export * from './vip.service.ts';
