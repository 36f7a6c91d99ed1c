import type { EntityManager } from '@wenku/db';
import { ArticleStatus, DocumentStatus } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { boostSql, pgArray, type SearchType } from './sql.ts';
import { tsvectorLiteral } from './tsvector.ts';

/**
 * Keeps `search_index` in step with the library. Changes write their item into `search_queue` in their own
 * transaction (an outbox) and, when they hide an item, delete its index row right there, so the public never finds
 * what it may not see. The indexer job drains the queue: it recomputes each row from the source tables, so running it
 * twice, late or after a crash gives the same index.
 */

export const SEARCH_INDEX_QUEUE = 'search-index';

/** The part of a document's text that is indexed: more is rare in a document people search, and slow to segment. */
const MAX_CONTENT_CHARS = 2_000_000;

/** Queues items for re-indexing and drops the rows of those the public may no longer see (same transaction). */
export async function touchSearchIndex(em: EntityManager, type: SearchType, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = pgArray([...new Set(ids)]);
  await em.execute(
    `insert into search_queue (type, item_id) select ?, unnest(?::int[])
     on conflict (type, item_id) do update set queued_at = now()`,
    [type, list],
  );
  await em.execute(
    `delete from search_index s where s.type = ? and s.item_id = any(?::int[]) and s.item_id not in (${PUBLIC_IDS[type]})`,
    [type, list],
  );
}

/** What the public may see of each type: converted live documents, approved live articles. */
const PUBLIC_IDS: Record<SearchType, string> = {
  0: `select id from document where status = ${DocumentStatus.Converted} and deleted_at is null`,
  1: `select id from article where status = ${ArticleStatus.Approved} and deleted_at is null`,
};

/** After the commit: asks the worker to drain the queue soon; without a queue (tools, tests) drains it now. */
export async function kickSearchIndexer(ctx: DomainContext): Promise<void> {
  try {
    if (ctx.runtime.queue)
      await ctx.runtime.queue.send(SEARCH_INDEX_QUEUE, {}, { singletonKey: 'drain', startAfterSeconds: 0 });
    else await drainSearchQueue(ctx);
  } catch (e) {
    console.error('search index', e);
  }
}

interface DocumentSource {
  id: number;
  title: string;
  keywords: string;
  description: string;
  content: string | null;
  ext: string;
  language: string;
  price: number;
  pages: number;
  size: string | number;
  user_id: number;
  view_count: number;
  download_count: number;
  created_at: Date;
  visible: boolean;
  category_ids: number[];
}

/** The `tsvector` literals of one document: everything, and title plus keywords. */
export function documentVectors(d: { title: string; keywords: string; description: string; content: string }) {
  return {
    tsv: tsvectorLiteral([
      { text: d.title, weight: 'A' },
      { text: d.keywords, weight: 'B' },
      { text: d.description, weight: 'C' },
      { text: d.content.length > MAX_CONTENT_CHARS ? d.content.slice(0, MAX_CONTENT_CHARS) : d.content, weight: 'D' },
    ]),
    title: tsvectorLiteral([
      { text: d.title, weight: 'A' },
      { text: d.keywords, weight: 'B' },
    ]),
  };
}

/** Recomputes the index rows of these documents from their current state (inside the caller's transaction). */
export async function indexDocuments(em: EntityManager, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await em.execute<DocumentSource[]>(
    `select d.id, d.title, d.keywords, d.description, c.content, d.ext, d.language, d.price, d.pages, d.size,
       d.user_id, d.view_count, d.download_count, d.created_at,
       (d.status = ? and d.deleted_at is null) as visible,
       array(select dc.category_id from document_category dc where dc.document_id = d.id order by 1) as category_ids
     from document d left join attachment_content c on c.hash = d.hash
     where d.id = any(?::int[])`,
    [DocumentStatus.Converted, pgArray(ids)],
  );
  const hidden = new Set(ids);
  const records: object[] = [];
  for (const d of rows) {
    if (!d.visible) continue;
    hidden.delete(d.id);
    const v = documentVectors({ ...d, content: d.content ?? '' });
    records.push({
      item_id: d.id,
      tsv: v.tsv,
      title_tsv: v.title,
      category_ids: d.category_ids,
      language: d.language,
      ext: d.ext,
      price: d.price,
      pages: d.pages,
      size: Number(d.size),
      user_id: d.user_id,
      view_count: d.view_count,
      download_count: d.download_count,
      item_created_at: d.created_at,
    });
  }
  if (records.length)
    await em.execute(
      `insert into search_index (type, item_id, tsv, title_tsv, category_ids, language, ext, price, pages, size,
         user_id, view_count, download_count, item_created_at, boost, indexed_at)
       select 0, r.item_id, r.tsv::tsvector, r.title_tsv::tsvector, array(select json_array_elements_text(r.category_ids)::int),
         r.language, r.ext, r.price, r.pages, r.size, r.user_id, r.view_count, r.download_count, r.item_created_at,
         ${boostSql('r')}, now()
       from json_to_recordset(?::json) as r(item_id int, tsv text, title_tsv text, category_ids json, language text,
         ext text, price int, pages int, size bigint, user_id int, view_count int, download_count int,
         item_created_at timestamptz)
       on conflict (type, item_id) do update set tsv = excluded.tsv, title_tsv = excluded.title_tsv,
         category_ids = excluded.category_ids, language = excluded.language, ext = excluded.ext,
         price = excluded.price, pages = excluded.pages, size = excluded.size, user_id = excluded.user_id,
         view_count = excluded.view_count, download_count = excluded.download_count,
         item_created_at = excluded.item_created_at, boost = excluded.boost, indexed_at = now()`,
      [JSON.stringify(records)],
    );
  if (hidden.size)
    await em.execute('delete from search_index where type = 0 and item_id = any(?::int[])', [pgArray([...hidden])]);
}

/** Indexers per type; articles register theirs when they exist. */
const INDEXERS: Partial<Record<SearchType, (em: EntityManager, ids: readonly number[]) => Promise<void>>> = {
  0: indexDocuments,
};

export function registerSearchIndexer(
  type: SearchType,
  fn: (em: EntityManager, ids: readonly number[]) => Promise<void>,
): void {
  INDEXERS[type] = fn;
}

/**
 * Drains the queue in small batches, each in one transaction with the rows it takes (`skip locked`, so several
 * workers share the work). Returns how many items were indexed.
 */
export async function drainSearchQueue(ctx: DomainContext, opts: { batch?: number; max?: number } = {}) {
  const batch = opts.batch ?? 20;
  const max = opts.max ?? Number.POSITIVE_INFINITY;
  let done = 0;
  while (done < max) {
    const taken = await ctx.em.fork().transactional(async (em) => {
      const items = await em.execute<{ type: number; item_id: number }[]>(
        `delete from search_queue where (type, item_id) in (
           select type, item_id from search_queue order by queued_at limit ? for update skip locked)
         returning type, item_id`,
        [batch],
      );
      for (const type of [0, 1] as const) {
        const ids = items.filter((i) => i.type === type).map((i) => i.item_id);
        const fn = INDEXERS[type];
        if (ids.length && fn) await fn(em, ids);
      }
      if (items.length)
        await em.execute(
          `update search_rebuild set finished_at = now() where finished_at is null
             and not exists (select 1 from search_queue q where q.type = search_rebuild.type)`,
        );
      return items.length;
    });
    done += taken;
    if (taken < batch) break;
  }
  if (done > 0) await endBulkIndexing(ctx.em);
  return done;
}

/** Above this many items a rebuild fills the GIN index through its pending list (about twice as fast). */
const BULK_THRESHOLD = 2000;

/**
 * A full rebuild turns on the GIN index's pending list (`fastupdate`), which batches index writes; searches scan
 * the pending list meanwhile. When the queue is empty the list is merged and the option turned off again, so
 * everyday searches never pay for it.
 */
async function beginBulkIndexing(em: EntityManager) {
  await em.execute('alter index search_index_tsv_gin set (fastupdate = on)');
}

async function endBulkIndexing(em: EntityManager) {
  const [state] = await em.execute<{ bulk: boolean; pending: boolean }[]>(
    `select coalesce('fastupdate=on' = any(c.reloptions), false) as bulk,
       exists (select 1 from search_queue) as pending
     from pg_class c where c.relname = 'search_index_tsv_gin'`,
  );
  if (!state?.bulk || state.pending) return;
  await em.execute(`select gin_clean_pending_list('search_index_tsv_gin'::regclass)`);
  await em.execute('alter index search_index_tsv_gin set (fastupdate = off)');
}

/**
 * Queues every item of a type for re-indexing and drops rows of items that no longer exist (PUT /document/index,
 * PUT /renew/document/index). The progress is the queue's remainder against the total recorded here.
 */
export async function rebuildSearchIndex(ctx: DomainContext, type: SearchType) {
  const total = await ctx.em.transactional(async (em) => {
    await em.execute(`delete from search_index s where s.type = ? and s.item_id not in (${PUBLIC_IDS[type]})`, [type]);
    const [row] = await em.execute<{ n: string }[]>(
      `with q as (insert into search_queue (type, item_id)
         select ?, id from (${PUBLIC_IDS[type]}) p
         on conflict (type, item_id) do update set queued_at = now() returning 1)
       select count(*) as n from q`,
      [type],
    );
    const n = Number(row?.n ?? 0);
    if (n > BULK_THRESHOLD) await beginBulkIndexing(em);
    await em.execute(
      `insert into search_rebuild (type, total, started_at, finished_at) values (?, ?, now(), null)
       on conflict (type) do update set total = excluded.total, started_at = now(), finished_at = null`,
      [type, n],
    );
    return n;
  });
  await kickSearchIndexer(ctx);
  return { total };
}

/** Progress of the last rebuild per type, and the index's size, for the back office. */
export async function searchIndexStatus(ctx: DomainContext) {
  const rows = await ctx.em.execute<
    { type: number; total: number; started_at: Date; finished_at: Date | null; pending: string; indexed: string }[]
  >(
    `select t.type, coalesce(r.total, 0) as total, r.started_at, r.finished_at,
       (select count(*) from search_queue q where q.type = t.type) as pending,
       (select count(*) from search_index s where s.type = t.type) as indexed
     from (values (0), (1)) as t(type) left join search_rebuild r on r.type = t.type order by t.type`,
  );
  return {
    index: rows.map((r) => ({
      type: r.type,
      total: r.total,
      pending: Number(r.pending),
      indexed: Number(r.indexed),
      started_at: r.started_at ? new Date(r.started_at).toISOString() : null,
      finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    })),
  };
}

/** Nightly: views and downloads change without an edit; refresh the counters and the boost of those rows. */
export async function refreshSearchBoost(ctx: DomainContext): Promise<void> {
  await ctx.em.execute(
    `update search_index s set view_count = d.view_count, download_count = d.download_count, boost = ${boostSql('d')}
     from document d where s.type = 0 and d.id = s.item_id
       and (s.view_count <> d.view_count or s.download_count <> d.download_count)`,
  );
}
