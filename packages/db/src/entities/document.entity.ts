import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { baseProperties, p, references } from './_common.ts';
import { Category } from './catalogue.entity.ts';
import { User } from './user.entity.ts';

/** A document (moredoc-facts §2.1). Its file is `attachmentId`; previews live in storage under the file's hash. */
export const Document = defineEntity({
  name: 'Document',
  tableName: 'document',
  indexes: [{ properties: ['status', 'deletedAt'] }, { properties: ['userId', 'deletedAt'] }],
  properties: {
    ...baseProperties(),
    /** Public id: 16 lower-case hex characters. */
    uuid: p.string().length(16).unique(),
    title: p.string().length(255),
    keywords: p.string().length(255).default(''),
    description: p.string().length(1024).default(''),
    userId: references(User, 'user_id', 'no action').index(),
    attachmentId: p.integer().index(),
    /** Content hash of the file (MD5, like moredoc), shared by documents made from the same file. */
    hash: p.string().length(32).index(),
    width: p.integer().default(0),
    height: p.integer().default(0),
    /** Pages rendered for preview; 0 = none yet. */
    preview: p.integer().default(0),
    pages: p.integer().default(0),
    downloadCount: p.integer().default(0),
    viewCount: p.integer().default(0),
    favoriteCount: p.integer().default(0),
    commentCount: p.integer().default(0),
    /** Average rating × 100 (500 = five stars); 0 until rated. */
    score: p.integer().default(0),
    scoreCount: p.integer().default(0),
    /** Price in credits; 0 = free. */
    price: p.integer().default(0),
    /** A VIP document (moredoc-pro-facts §5.4): VIP members download it with their VIP quota. */
    isVip: p.boolean().default(false),
    size: p.bigint('number').default(0),
    /** Extension with the dot, lower case (`.docx`). */
    ext: p.string().length(16).index(),
    /** spec §3 conversion status. */
    status: p.smallint().default(0),
    convertError: p.text().default(''),
    /**
     * The worker converting the document now ('' when none) and its last heartbeat: a conversion is claimed only
     * when nobody holds it or its holder went silent, so two workers never convert one document at once.
     */
    convertOwner: p.string().length(100).default(''),
    convertBeatAt: p.datetime().nullable(),
    enableGzip: p.boolean().default(false),
    previewExt: p.string().length(16).default('.webp'),
    /** OCR of pages without a text layer (issue 18): 0 none, 1 waiting or running, 2 done, 3 failed. */
    ocrStatus: p.smallint().default(0),
    /** Pages taken for OCR, and how many of them are done (the admin list's progress). */
    ocrPages: p.integer().default(0),
    ocrDone: p.integer().default(0),
    language: p.string().length(16).default(''),
    /** Where a crawled document came from (moredoc-pro-facts §2.6 `来源`); '' for uploads. */
    source: p.string().length(1024).default(''),
    recommendAt: p.datetime().nullable().index(),
    deletedAt: p.datetime().nullable(),
    deletedUserId: p.integer().default(0),
  },
});
export type IDocument = InferEntity<typeof Document>;

/** A document sits in every category of its chosen path (moredoc-facts §2.2). */
export const DocumentCategory = defineEntity({
  name: 'DocumentCategory',
  tableName: 'document_category',
  uniques: [{ properties: ['documentId', 'categoryId'] }],
  properties: {
    ...baseProperties(),
    documentId: references(Document, 'document_id', 'cascade').index(),
    categoryId: references(Category, 'category_id', 'cascade').index(),
  },
});
export type IDocumentCategory = InferEntity<typeof DocumentCategory>;

/** Extracted plain text of a file, shared by every document with the same hash (moredoc-facts §2.8). */
export const AttachmentContent = defineEntity({
  name: 'AttachmentContent',
  tableName: 'attachment_content',
  properties: {
    ...baseProperties(),
    hash: p.string().length(32).unique(),
    content: p.text().default(''),
    contentSize: p.integer().default(0),
    /** 64-bit SimHash of the text's shingles, for near-duplicate detection; null when the text is too short. */
    simhash: p.bigint('string').nullable(),
  },
});
export type IAttachmentContent = InferEntity<typeof AttachmentContent>;

/** One download (moredoc-facts §6.7); `isPay` when credits moved for it. */
export const Download = defineEntity({
  name: 'Download',
  tableName: 'download',
  indexes: [
    { properties: ['userId', 'createdAt'] },
    { properties: ['ip', 'createdAt'] },
    { properties: ['documentId', 'userId'] },
  ],
  properties: {
    ...baseProperties(),
    userId: p.integer().default(0),
    documentId: references(Document, 'document_id', 'cascade'),
    ip: p.string().length(64).default(''),
    isPay: p.boolean().default(false),
  },
});
export type IDownload = InferEntity<typeof Download>;

/** One rating per member and document (moredoc-facts §2.4). */
export const DocumentScore = defineEntity({
  name: 'DocumentScore',
  tableName: 'document_score',
  uniques: [{ properties: ['documentId', 'userId'] }],
  properties: {
    ...baseProperties(),
    documentId: references(Document, 'document_id', 'cascade'),
    userId: references(User, 'user_id', 'cascade').index(),
    score: p.smallint(),
  },
});
export type IDocumentScore = InferEntity<typeof DocumentScore>;

/**
 * The text of one page of a file, with the position of each line in page points (x, y, w, h), shared by every document
 * with the same hash: the base of in-document search and of a selectable text layer over the page images.
 */
export const DocumentPage = defineEntity({
  name: 'DocumentPage',
  tableName: 'document_page',
  primaryKeys: ['hash', 'page'],
  properties: {
    hash: p.string().length(32).primary(),
    page: p.integer().primary(),
    content: p.text().default(''),
    lines: p.json<{ t: string; b: [number, number, number, number] }[]>(),
    /** Page size in points, the frame of the line boxes; 0 for pages converted before it was kept. */
    width: p.float().default(0),
    height: p.float().default(0),
    /**
     * The page's headings (k 1, 2) and paragraphs (k 0) for the reader's text mode, kept at conversion; null for pages
     * converted before it was (the reader derives them from the line boxes until the document is converted again).
     */
    blocks: p.json<{ k: 0 | 1 | 2; t: string }[]>().nullable(),
  },
});
export type IDocumentPage = InferEntity<typeof DocumentPage>;

/** Where a member stopped reading a document (the reader's "继续阅读第 N 页"), one row per member and document. */
export const ReadingPosition = defineEntity({
  name: 'ReadingPosition',
  tableName: 'reading_position',
  uniques: [{ properties: ['userId', 'documentId'] }],
  properties: {
    ...baseProperties(),
    userId: references(User, 'user_id', 'cascade'),
    documentId: references(Document, 'document_id', 'cascade').index(),
    page: p.integer(),
  },
});
export type IReadingPosition = InferEntity<typeof ReadingPosition>;
