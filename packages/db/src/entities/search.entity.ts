import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { baseProperties, p } from './_common.ts';

/**
 * The full-text index: one row per document (type 0) or article (type 1) the public may see, nothing else. Written
 * only with SQL by the search indexer (`tsvector` columns are built from segmented text, ARCHITECTURE.md §5);
 * besides the text it carries what results are filtered, faceted and sorted by, so a search never reads the
 * documents table for more than the page of results it shows.
 */
export const SearchIndex = defineEntity({
  name: 'SearchIndex',
  tableName: 'search_index',
  uniques: [{ properties: ['type', 'itemId'] }],
  indexes: [
    {
      name: 'search_index_tsv_gin',
      expression: 'create index "search_index_tsv_gin" on "search_index" using gin ("tsv") with (fastupdate = off)',
    },
    {
      name: 'search_index_title_tsv_gin',
      expression:
        'create index "search_index_title_tsv_gin" on "search_index" using gin ("title_tsv") with (fastupdate = off)',
    },
    // Sorted searches for very common words walk these in order (search.service.ts).
    { properties: ['itemCreatedAt'] },
    { properties: ['pages'] },
    { properties: ['size'] },
    { properties: ['viewCount'] },
    { properties: ['downloadCount'] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    /** 0 document, 1 article (spec §3 search type). */
    type: p.smallint(),
    itemId: p.integer(),
    /** Title (A), keywords (B), description (C) and content (D), segmented. */
    tsv: p.string().columnType('tsvector'),
    /** Title and keywords alone: title hits rank above body hits. */
    titleTsv: p.string().columnType('tsvector'),
    categoryIds: p.array().columnType('int[]').default('{}'),
    language: p.string().length(16).default(''),
    ext: p.string().length(16).default(''),
    price: p.integer().default(0),
    pages: p.integer().default(0),
    size: p.bigint('number').default(0),
    userId: p.integer().default(0),
    viewCount: p.integer().default(0),
    downloadCount: p.integer().default(0),
    /** Popularity and freshness as one factor ≥ 1 that nudges the text rank. */
    boost: p.float().default(1),
    itemCreatedAt: p.datetime(),
    indexedAt: p.datetime().defaultRaw('now()'),
  },
});
export type ISearchIndex = InferEntity<typeof SearchIndex>;

/**
 * Items whose index row must be recomputed, written in the same transaction as the change that caused it (an
 * outbox): the indexer drains it, so a crash between the change and the indexing loses nothing.
 */
export const SearchQueue = defineEntity({
  name: 'SearchQueue',
  tableName: 'search_queue',
  primaryKeys: ['type', 'itemId'],
  properties: {
    type: p.smallint().primary(),
    itemId: p.integer().primary(),
    queuedAt: p.datetime().defaultRaw('now()'),
  },
});

/** A full rebuild of one type's index, for the progress the back office shows. */
export const SearchRebuild = defineEntity({
  name: 'SearchRebuild',
  tableName: 'search_rebuild',
  properties: {
    type: p.smallint().primary().autoincrement(false),
    total: p.integer().default(0),
    startedAt: p.datetime().defaultRaw('now()'),
    finishedAt: p.datetime().nullable(),
  },
});

/** One search (moredoc-facts §20.1), kept `security.search_record_retention_days`. */
export const SearchRecord = defineEntity({
  name: 'SearchRecord',
  tableName: 'search_record',
  indexes: [{ properties: ['createdAt'] }],
  properties: {
    ...baseProperties(),
    userId: p.integer().default(0),
    ip: p.string().length(64).default(''),
    total: p.integer().default(0),
    page: p.integer().default(1),
    userAgent: p.string().length(512).default(''),
    keywords: p.string().length(64).default(''),
    /** Seconds. */
    spendTime: p.decimal('number').precision(10).scale(3).default(0),
    /** 0 document, 1 article, -1 mixed. */
    type: p.smallint().default(0),
  },
});
export type ISearchRecord = InferEntity<typeof SearchRecord>;
