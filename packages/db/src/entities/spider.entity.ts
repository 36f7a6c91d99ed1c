import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { baseProperties, p } from './_common.ts';

/**
 * A link given to the crawler (moredoc-pro-facts §9.1): a document file or a web page whose document links the crawl
 * job discovers. spec §3 status: 0 pending, 1 crawling, 2 done, 3 failed; `total` documents found, `error` the reason.
 */
export const SpiderUrl = defineEntity({
  name: 'SpiderUrl',
  tableName: 'spider_url',
  indexes: [{ properties: ['status'] }],
  properties: {
    ...baseProperties(),
    url: p.string().length(2048),
    host: p.string().length(255).default(''),
    status: p.smallint().default(0),
    total: p.integer().default(0),
    error: p.text().default(''),
    userId: p.integer().default(0),
  },
});
export type ISpiderUrl = InferEntity<typeof SpiderUrl>;

/**
 * A document file found by the crawler (moredoc-pro-facts §9.2). spec §3 status: 0 pending download, 1 download
 * queue, 2 downloading, 3 downloaded, 4 download failed, 5 publish queue, 6 publishing, 7 published, 8 publish
 * failed. A file link is collected once (unique `url`). The downloaded file is an attachment of type 8 stored by
 * its MD5 (`hash`, the library's key), so `duplicateDocumentId` can name a library document with the same file.
 */
export const SpiderDocument = defineEntity({
  name: 'SpiderDocument',
  tableName: 'spider_document',
  indexes: [{ properties: ['status', 'id'] }, { properties: ['spiderUrlId'] }, { properties: ['hash'] }],
  properties: {
    ...baseProperties(),
    spiderUrlId: p.integer().default(0),
    url: p.string().length(2048).unique(),
    host: p.string().length(255).default(''),
    status: p.smallint().default(0),
    /** 正式标题: what the document is published as. */
    title: p.string().length(255).default(''),
    /** 链接标题: the text of the link that pointed at the file. */
    titleFromHref: p.string().length(255).default(''),
    /** URL标题: the file name in the URL, decoded, without the extension. */
    titleFromUrl: p.string().length(255).default(''),
    /** 附件标题: the name the server gave (Content-Disposition), without the extension. */
    titleFromAttachment: p.string().length(255).default(''),
    language: p.string().length(16).default(''),
    price: p.integer().default(0),
    size: p.bigint('number').default(0),
    /** Extension with the dot, lower case (`.pdf`), like documents. */
    ext: p.string().length(16).default(''),
    contentType: p.string().length(255).default(''),
    error: p.text().default(''),
    savePath: p.string().length(255).default(''),
    attachmentId: p.integer().default(0),
    hash: p.string().length(32).default(''),
    /** Publish target: member, category path (JSON text of ids, as moredoc Pro sends it). */
    userId: p.integer().default(0),
    categoryId: p.string().length(255).default(''),
    documentId: p.integer().default(0),
    duplicateDocumentId: p.integer().default(0),
  },
});
export type ISpiderDocument = InferEntity<typeof SpiderDocument>;
