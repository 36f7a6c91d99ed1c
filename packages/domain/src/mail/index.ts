export * from './email-code.service.ts';
export * from './find-password.service.ts';
export * from './mail.service.ts';
export * from './mail-limits.ts';
export * from './mail-templates.ts';
