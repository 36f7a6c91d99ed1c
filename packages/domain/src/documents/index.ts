/**
 * Documents: upload, conversion, OCR, reading, downloads, review and the recycle bin.
 * The area's public surface (docs/architecture.md, Domain areas): the api and server import the area through it.
 */
export * from './conversion.service.ts';
export * from './document.policy.ts';
export * from './document.presenter.ts';
export * from './document.service.ts';
export * from './document-admin.service.ts';
export * from './download.service.ts';
export * from './duplicate.service.ts';
export * from './language-detect.ts';
export * from './ocr.service.ts';
export * from './page-access.cache.ts';
export * from './reader.service.ts';
export * from './unfinished-upload.service.ts';
