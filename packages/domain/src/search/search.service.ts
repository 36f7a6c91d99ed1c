import type { EntityManager } from '@wenku/db';
import { DocumentStatus, FILE_KINDS, type SearchInput, type SearchOutput, type SearchResultItem } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { highlight as highlightHtml, snippet } from './highlight.ts';
import { type ParsedQuery, parseQuery, tsqueryLiteral } from './query.ts';
import { recordSearch } from './search-record.service.ts';
import { pgArray, type SearchType } from './sql.ts';

/**
 * Site search over `search_index` (ARCHITECTURE.md §5 trap: ranking reads every matching vector, so the work is capped).
 *
 * - Totals and facets come from the matches' narrow rows, exact up to FACET_CAP matches; beyond it (a word in a
 *   tenth of the library) the total is the planner's estimate and the facets are scaled from the first FACET_CAP.
 * - Relevance ranks a bounded candidate set: up to `max_candidates` body matches plus up to TITLE_CAP title matches;
 *   title hits come first, then `ts_rank_cd` nudged by popularity and freshness (`boost`).
 * - Other sorts read all matches when they are fewer than FACET_CAP; for more, they walk the sort column's index and
 *   stop after one page (the planner would pick that walk for rare words too, and then scan everything).
 */

export const FACET_CAP = 10_000;
const TITLE_CAP = 1_000;

const SORT_COLUMNS = {
  latest: 'item_created_at',
  pages: 'pages',
  size: 'size',
  view_count: 'view_count',
  download_count: 'download_count',
} as const;

interface Filters {
  sql: string;
  params: unknown[];
}

function extensionsFor(ext: string): string[] {
  const key = ext.replace(/^\./, '').toLowerCase();
  if (key === 'other') return [];
  const group = (FILE_KINDS as Record<string, readonly string[]>)[key] ?? [key];
  return group.map((e) => `.${e}`);
}

/** Parses `yyyy-mm-dd[ hh:mm:ss]`; anything else is ignored. */
function parseDate(s: string | undefined): Date | null {
  if (!s) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00` : s.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d;
}

function buildFilters(input: SearchInput, types: readonly SearchType[]): Filters {
  const parts = ['s.type = any(?::smallint[])'];
  const params: unknown[] = [pgArray(types)];
  if (input.category_id?.length) {
    parts.push('s.category_ids && ?::int[]');
    params.push(pgArray(input.category_id));
  }
  if (input.language?.length) {
    parts.push('s.language = any(?::text[])');
    params.push(pgArray(input.language));
  }
  if (input.ext) {
    if (input.ext.replace(/^\./, '') === 'other') {
      parts.push('not (s.ext = any(?::text[]))');
      params.push(pgArray(Object.values(FILE_KINDS).flatMap((g) => g.map((e) => `.${e}`))));
    } else {
      parts.push('s.ext = any(?::text[])');
      params.push(pgArray(extensionsFor(input.ext)));
    }
  }
  if (input.user_id?.length) {
    parts.push('s.user_id = any(?::int[])');
    params.push(pgArray(input.user_id));
  }
  if (input.fee_type === 'free') parts.push('s.price = 0');
  if (input.fee_type === 'charge') parts.push('s.price > 0');
  const from = parseDate(input.created_at?.[0]);
  const to = parseDate(input.created_at?.[1]);
  if (from) {
    parts.push('s.item_created_at >= ?');
    params.push(from);
  }
  if (to) {
    // A bare end date includes that whole day.
    if (/^\d{4}-\d{2}-\d{2}$/.test(input.created_at?.[1] ?? '')) to.setDate(to.getDate() + 1);
    parts.push('s.item_created_at < ?');
    params.push(to);
  }
  return { sql: parts.join(' and '), params };
}

interface Counts {
  total: number;
  estimated: boolean;
  category: Map<number, number>;
  language: Map<string, number>;
  ext: Map<string, number>;
}

async function countMatches(em: EntityManager, column: string, q: string, f: Filters): Promise<Counts> {
  const [row] = await em.execute<
    {
      n: string;
      cats: [number, number][] | null;
      langs: [string, number][] | null;
      exts: [string, number][] | null;
    }[]
  >(
    `with m as materialized (
       select s.category_ids, s.language, s.ext from search_index s
       where s.${column} @@ ?::tsquery and ${f.sql} limit ${FACET_CAP})
     select (select count(*) from m) as n,
       (select json_agg(json_build_array(c, k)) from (
          select unnest(category_ids) as c, count(*) as k from m group by 1) x) as cats,
       (select json_agg(json_build_array(language, k)) from (
          select language, count(*) as k from m where language <> '' group by 1) x) as langs,
       (select json_agg(json_build_array(ext, k)) from (select ext, count(*) as k from m group by 1) x) as exts`,
    [q, ...f.params],
  );
  const sampled = Number(row?.n ?? 0);
  let total = sampled;
  let estimated = false;
  if (sampled >= FACET_CAP) {
    estimated = true;
    const plan = await em.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[]>(
      `explain (format json) select 1 from search_index s where s.${column} @@ ?::tsquery and ${f.sql}`,
      [q, ...f.params],
    );
    const planned = plan[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0;
    total = Math.max(FACET_CAP, Math.round(planned));
  }
  const scale = sampled > 0 ? total / sampled : 1;
  const scaled = <K>(pairs: [K, number][] | null) =>
    new Map((pairs ?? []).map(([k, n]) => [k, estimated ? Math.round(n * scale) : Number(n)] as [K, number]));
  return {
    total,
    estimated,
    category: scaled(row?.cats ?? null),
    language: scaled(row?.langs ?? null),
    ext: scaled(row?.exts ?? null),
  };
}

interface Hit {
  type: number;
  item_id: number;
}

async function rankedPage(
  em: EntityManager,
  column: string,
  q: string,
  f: Filters,
  offset: number,
  size: number,
  candidates: number,
): Promise<Hit[]> {
  const bodyCap = Math.max(candidates, offset + size);
  return em.execute<Hit[]>(
    `with t as materialized (
       select s.id from search_index s where s.title_tsv @@ ?::tsquery and ${f.sql} limit ${TITLE_CAP}),
     b as materialized (
       select s.id from search_index s where s.${column} @@ ?::tsquery and ${f.sql} limit ${bodyCap})
     select s.type, s.item_id from search_index s
     where s.id in (select id from t union select id from b)
     order by (s.title_tsv @@ ?::tsquery) desc, ts_rank_cd(s.${column}, ?::tsquery) * s.boost desc, s.id desc
     limit ${size} offset ${offset}`,
    [q, ...f.params, q, ...f.params, q, q],
  );
}

async function sortedPage(
  em: EntityManager,
  column: string,
  q: string,
  f: Filters,
  sort: keyof typeof SORT_COLUMNS,
  offset: number,
  size: number,
  common: boolean,
): Promise<Hit[]> {
  const col = SORT_COLUMNS[sort];
  if (!common)
    return em.execute<Hit[]>(
      `with m as materialized (
         select s.type, s.item_id, s.id, s.${col} as k from search_index s where s.${column} @@ ?::tsquery and ${f.sql})
       select type, item_id from m order by k desc, id desc limit ${size} offset ${offset}`,
      [q, ...f.params],
    );
  // A word in more than FACET_CAP items: one page is found after a few times its size in the column's order.
  return em.transactional(async (tem) => {
    await tem.execute('set local enable_bitmapscan = off');
    return tem.execute<Hit[]>(
      `select s.type, s.item_id from search_index s where s.${column} @@ ?::tsquery and ${f.sql}
       order by s.${col} desc, s.id desc limit ${size} offset ${offset}`,
      [q, ...f.params],
    );
  });
}

/** Regular expression (PostgreSQL ARE) matching any of the highlight terms. */
function termsPattern(terms: readonly string[]): string {
  return terms.map((t) => t.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&')).join('|');
}

interface DocumentRow {
  id: number;
  uuid: string;
  hash: string;
  title: string;
  keywords: string;
  description: string;
  excerpt: string | null;
  ext: string;
  pages: number;
  size: string | number;
  price: number;
  score: number;
  view_count: number;
  download_count: number;
  user_id: number;
  username: string | null;
  preview: number;
  created_at: Date;
  category_ids: number[];
}

export interface ResultContext {
  terms: string[];
  snippetLength: number;
  display: { view: boolean; download: boolean };
}

/** Loads the shown fields of the hits of one type, still public (checked again: the index may lag a moment). */
type ResultLoader = (em: EntityManager, ids: number[], x: ResultContext) => Promise<Map<number, SearchResultItem>>;

async function loadDocumentResults(em: EntityManager, ids: number[], x: ResultContext) {
  const rows = await em.execute<DocumentRow[]>(
    `select d.id, d.uuid, d.hash, d.title, d.keywords, d.description, d.ext, d.pages, d.size, d.price, d.score,
       d.view_count, d.download_count, d.user_id, u.username, d.preview, d.created_at,
       array(select dc.category_id from document_category dc where dc.document_id = d.id) as category_ids,
       substr(c.content, greatest(1, regexp_instr(c.content, ?, 1, 1, 0, 'i') - ?), ?) as excerpt
     from document d left join "user" u on u.id = d.user_id left join attachment_content c on c.hash = d.hash
     where d.id = any(?::int[]) and d.status = ? and d.deleted_at is null`,
    [termsPattern(x.terms), x.snippetLength, x.snippetLength * 4, pgArray(ids), DocumentStatus.Converted],
  );
  const out = new Map<number, SearchResultItem>();
  for (const d of rows) {
    const excerpt = d.excerpt ?? '';
    const hasHit = x.terms.some((t) => excerpt.toLowerCase().includes(t.toLowerCase()));
    const source = hasHit || !d.description ? excerpt : d.description;
    out.set(d.id, {
      doc_type: 0,
      id: d.id,
      identifier: d.uuid,
      uuid: d.uuid,
      title: highlightHtml(d.title, x.terms),
      description: snippet(source, x.terms, x.snippetLength),
      keywords: d.keywords,
      ext: d.ext,
      pages: d.pages,
      size: Number(d.size),
      price: d.price,
      score: d.score,
      view_count: x.display.view ? d.view_count : 0,
      download_count: x.display.download ? d.download_count : 0,
      user_id: d.user_id,
      username: d.username ?? '',
      category_id: d.category_ids,
      created_at: new Date(d.created_at).toISOString(),
      cover: d.preview > 0 ? `/view/cover/${d.hash}` : '',
    });
  }
  return out;
}

const LOADERS: Partial<Record<SearchType, ResultLoader>> = { 0: loadDocumentResults };

export function registerSearchResultLoader(type: SearchType, loader: ResultLoader): void {
  LOADERS[type] = loader;
}

function emptyResult(started: number, terms: string[] = []): SearchOutput {
  return {
    total: 0,
    total_found: 0,
    estimated: false,
    spend: ((performance.now() - started) / 1000).toFixed(3),
    document: [],
    agg_category: [],
    agg_language: [],
    agg_ext: [],
    terms,
  };
}

/**
 * GET /search (type -1, 0, 1), /document/search and /article/search: what the public may see, matched by title,
 * keywords, description and the full text, with highlights, facets and moredoc's page cap.
 */
export async function search(ctx: DomainContext, input: SearchInput): Promise<SearchOutput> {
  const started = performance.now();
  const parsed: ParsedQuery = input.wd ? parseQuery(input.wd) : { must: [], not: [], highlight: [] };
  const q = tsqueryLiteral(parsed);
  if (!q) return emptyResult(started);
  const s = await loadSettings(ctx);
  const column = s.bool('fulltext_search.enable', true) ? 'tsv' : 'title_tsv';
  const maxPages = Math.max(0, s.num('display.max_search_pages', 100));
  const size = input.size;
  const page = maxPages > 0 ? Math.min(input.page, maxPages) : input.page;
  const offset = (page - 1) * size;
  const types: SearchType[] = input.type === -1 ? [0, 1] : [input.type as SearchType];
  const f = buildFilters(input, types);
  const em = ctx.em;

  const counts = await countMatches(em, column, q, f);
  let hits: Hit[] = [];
  if (counts.total > offset) {
    hits =
      input.sort === 'default'
        ? await rankedPage(em, column, q, f, offset, size, Math.max(100, s.num('fulltext_search.max_candidates', 2000)))
        : await sortedPage(em, column, q, f, input.sort, offset, size, counts.estimated);
  }

  const x: ResultContext = {
    terms: parsed.highlight,
    snippetLength: Math.min(500, Math.max(40, s.num('fulltext_search.highlight_length', 120))),
    display: {
      view: s.bool('display.show_document_view_count', true),
      download: s.bool('display.show_document_download_count', true),
    },
  };
  const items = new Map<string, SearchResultItem>();
  for (const type of types) {
    const ids = hits.filter((h) => h.type === type).map((h) => h.item_id);
    const loader = LOADERS[type];
    if (!ids.length || !loader) continue;
    for (const [id, item] of await loader(em, ids, x)) items.set(`${type}:${id}`, item);
  }
  const document = hits.flatMap((h) => items.get(`${h.type}:${h.item_id}`) ?? []);
  const capped = maxPages > 0 ? Math.min(counts.total, maxPages * size) : counts.total;
  const out: SearchOutput = {
    total: capped,
    total_found: counts.total,
    estimated: counts.estimated,
    spend: ((performance.now() - started) / 1000).toFixed(3),
    document,
    agg_category: [...counts.category].map(([category_id, count]) => ({ category_id, count })),
    agg_language: [...counts.language].map(([code, count]) => ({ code, count })),
    agg_ext: [...counts.ext].map(([ext, count]) => ({ ext, count })).sort((a, b) => b.count - a.count),
    terms: parsed.highlight,
  };
  recordSearch(ctx, {
    keywords: input.wd,
    type: input.type,
    total: counts.total,
    page,
    seconds: Number(out.spend),
  });
  return out;
}
