import type { EntityManager } from '@wenku/db';
import { DocumentStatus, FILE_KINDS, type SearchInput, type SearchOutput, type SearchResultItem } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { highlight as highlightHtml, snippet } from './highlight.ts';
import { baseTsqueryLiteral, type ParsedQuery, parseQuery, tsqueryLiteral } from './query.ts';
import { recordSearch } from './search-record.service.ts';
import { freshnessSql, pgArray, type SearchType } from './sql.ts';

/**
 * Site search over `search_index`. Ranking reads every matching vector (ARCHITECTURE.md §5 trap), so the work is
 * bounded, and everything happens in one statement inside a transaction that allows only bitmap scans: with a
 * LIMIT the planner would otherwise walk the table (or another index) and read the big vector of every row it passes.
 *
 * - Matches are first found by the GIN index alone (phrases as "all these words"), reading only narrow columns, up
 *   to MATCH_CAP of them (PHRASE_CAP when a phrase must then be checked against word positions).
 * - Totals and facets come from those rows: exact below the cap; at the cap the total is the planner's estimate and
 *   the facets are scaled from the rows read, and the answer says it is an estimate.
 * - Relevance ranks a candidate set: the most popular and freshest `max_candidates` matches plus up to TITLE_CAP
 *   title hits; title hits first, then `ts_rank_cd` × popularity × freshness.
 * - Other sorts order the rows read; past the cap they walk the sort column's index and stop after one page.
 */

export const MATCH_CAP = 5_000;
const PHRASE_CAP = 1_000;
const TITLE_CAP = 200;

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

interface Hit {
  type: number;
  item_id: number;
}

interface Plan {
  column: 'tsv' | 'title_tsv';
  base: string;
  exact: string;
  filters: Filters;
  sort: SearchInput['sort'];
  offset: number;
  size: number;
  candidates: number;
}

interface Found {
  total: number;
  estimated: boolean;
  category: Map<number, number>;
  language: Map<string, number>;
  ext: Map<string, number>;
  hits: Hit[];
}

/** One statement: the capped matches, their counts and facets, and the requested page. */
async function findPage(em: EntityManager, p: Plan): Promise<Found> {
  const phrase = p.exact !== p.base;
  const cap = phrase ? PHRASE_CAP : MATCH_CAP;
  const f = p.filters;
  const window = p.offset + p.size;
  // With a phrase, each row read is checked against word positions right there (its vector is read once).
  const params: unknown[] = phrase ? [p.exact, p.base, ...f.params] : [p.base, ...f.params];
  const check = phrase ? `, (s.${p.column} @@ ?::tsquery) as exact` : '';
  const matches = phrase ? 'm as materialized (select * from m0 where exact),' : 'm as (select * from m0),';
  let page: string;
  if (p.sort === 'default') {
    const k = Math.max(p.candidates, window);
    page = `c as (select id from m order by boost * ${freshnessSql('m')} desc, id desc limit ${k}),
      t as materialized (select s.id from search_index s where s.title_tsv @@ ?::tsquery and ${f.sql} limit ${TITLE_CAP}),
      r as (select s.type, s.item_id, row_number() over (order by (s.title_tsv @@ ?::tsquery) desc,
              ts_rank_cd(s.${p.column}, ?::tsquery) * s.boost * ${freshnessSql('s')} desc, s.id desc) as rn
            from search_index s where s.id in (select id from c union select id from t)),
      page as (select type, item_id, rn from r where rn > ${p.offset} and rn <= ${window})`;
    params.push(p.exact, ...f.params, p.exact, p.exact);
  } else {
    const col = SORT_COLUMNS[p.sort];
    page = `page as (select type, item_id, rn from (
        select type, item_id, row_number() over (order by ${col} desc, id desc) as rn from m) x
      where rn > ${p.offset} and rn <= ${window})`;
  }
  const [row] = await em.execute<
    {
      sampled: string;
      n: string;
      cats: [number, number][] | null;
      langs: [string, number][] | null;
      exts: [string, number][] | null;
      hits: [number, number][] | null;
    }[]
  >(
    `with m0 as materialized (
       select s.id, s.type, s.item_id, s.boost, s.item_created_at, s.category_ids, s.language, s.ext, s.pages, s.size,
         s.view_count, s.download_count${check}
       from search_index s where s.${p.column} @@ ?::tsquery and ${f.sql} limit ${cap}),
     ${matches}
     ${page}
     select (select count(*) from m0) as sampled, (select count(*) from m) as n,
       (select json_agg(json_build_array(c, k)) from (
          select unnest(category_ids) as c, count(*) as k from m group by 1) x) as cats,
       (select json_agg(json_build_array(language, k)) from (
          select language, count(*) as k from m where language <> '' group by 1) x) as langs,
       (select json_agg(json_build_array(ext, k)) from (select ext, count(*) as k from m where ext <> '' group by 1) x) as exts,
       (select json_agg(json_build_array(type, item_id) order by rn) from page) as hits`,
    params,
  );
  const sampled = Number(row?.sampled ?? 0);
  const n = Number(row?.n ?? 0);
  let total = n;
  let estimated = false;
  if (sampled >= cap) {
    estimated = true;
    const plan = await em.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[]>(
      `explain (format json) select 1 from search_index s where s.${p.column} @@ ?::tsquery and ${f.sql}`,
      [p.base, ...f.params],
    );
    const planned = Math.max(sampled, plan[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0);
    total = Math.round((planned * n) / sampled);
  }
  const scale = n > 0 && estimated ? total / n : 1;
  const counts = <K>(pairs: [K, number][] | null) =>
    new Map((pairs ?? []).map(([k, c]) => [k, Math.round(Number(c) * scale)] as [K, number]));
  let hits: Hit[] = (row?.hits ?? []).map(([type, item_id]) => ({ type, item_id }));
  if (estimated && p.sort !== 'default' && !phrase) hits = await walkSorted(em, p);
  return {
    total,
    estimated,
    category: counts(row?.cats ?? null),
    language: counts(row?.langs ?? null),
    ext: counts(row?.exts ?? null),
    hits,
  };
}

/** A word in more than MATCH_CAP items: walk the sort column's index; one page is found a few rows in. */
async function walkSorted(em: EntityManager, p: Plan): Promise<Hit[]> {
  const col = SORT_COLUMNS[p.sort as keyof typeof SORT_COLUMNS];
  await em.execute('set local enable_bitmapscan = off');
  await em.execute('set local enable_indexscan = on');
  const rows = await em.execute<Hit[]>(
    `select s.type, s.item_id from search_index s where s.${p.column} @@ ?::tsquery and ${p.filters.sql}
     order by s.${col} desc, s.id desc limit ${p.size} offset ${p.offset}`,
    [p.exact, ...p.filters.params],
  );
  await em.execute('set local enable_bitmapscan = on');
  await em.execute('set local enable_indexscan = off');
  return rows;
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
  const plan: Plan = {
    column,
    base: baseTsqueryLiteral(parsed) ?? q,
    exact: q,
    filters: buildFilters(input, types),
    sort: input.sort,
    offset,
    size,
    candidates: Math.min(5000, Math.max(50, s.num('fulltext_search.max_candidates', 200))),
  };
  const found = await ctx.em.transactional(async (em) => {
    // Bitmap scans only: see the note at the top of this file.
    await em.execute('set local enable_seqscan = off');
    await em.execute('set local enable_indexscan = off');
    return findPage(em, plan);
  });
  const { hits } = found;

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
    for (const [id, item] of await loader(ctx.em, ids, x)) items.set(`${type}:${id}`, item);
  }
  const document = hits.flatMap((h) => items.get(`${h.type}:${h.item_id}`) ?? []);
  const capped = maxPages > 0 ? Math.min(found.total, maxPages * size) : found.total;
  const out: SearchOutput = {
    total: capped,
    total_found: found.total,
    estimated: found.estimated,
    spend: ((performance.now() - started) / 1000).toFixed(3),
    document,
    agg_category: [...found.category].map(([category_id, count]) => ({ category_id, count })),
    agg_language: [...found.language].map(([code, count]) => ({ code, count })),
    agg_ext: [...found.ext].map(([ext, count]) => ({ ext, count })).sort((a, b) => b.count - a.count),
    terms: parsed.highlight,
  };
  recordSearch(ctx, {
    keywords: input.wd,
    type: input.type,
    total: found.total,
    page,
    seconds: Number(out.spend),
  });
  return out;
}

/** GET /article/search (moredoc-facts §9): the article search, its results under `article` as MOREDOC answers. */
export async function searchArticles(ctx: DomainContext, input: SearchInput) {
  const { document, ...rest } = await search(ctx, { ...input, type: 1 });
  return { ...rest, article: document };
}
