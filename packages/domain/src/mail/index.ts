export * from './mail.service.ts';
export * from './mail-templates.ts';
