// Search benchmark (issue 4): builds a corpus of N documents (default 100,000, about 2 KB of mixed Chinese and
// English text each, natural word frequencies), indexes it with the real indexer, then measures server-side
// p50/p99 of the real search procedure (highlights and facets included) per query class, next to the naive ranked
// query (`ts_rank_cd` over every match). Prints figures; asserts nothing.
// Usage: npm run bench:search [-- --docs 100000] [-- --queries 90] [-- --embedded] [-- --keep] [-- --reuse DB]
// --keep leaves the scratch database; --reuse DB measures against such a database again (the corpus is regenerated
// in memory, deterministically, to pick the query words; nothing is stored or indexed).
// Uses DATABASE_URL, else TEST_DATABASE_URL, else the local server (a scratch database is created and dropped).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appRouter, createCallerFactory } from '@wenku/api';
import pg from 'pg';
import { parseEnv } from '../../apps/server/src/env.ts';
import { boot } from '../../apps/server/src/runtime.ts';
import {
  type DomainContext,
  flushSearchRecords,
  parseQuery,
  rebuildSearchIndex,
  tsqueryLiteral,
} from '../../packages/domain/src/index.ts';
import { type CorpusDoc, chineseVocabulary, englishVocabulary, makeDocument, rng } from './search-corpus.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const N = arg('--docs', 100_000);
const QUERIES = arg('--queries', 90);
const embedded = args.includes('--embedded');
const reuse = args.includes('--reuse') ? args[args.indexOf('--reuse') + 1] : undefined;
const keep = args.includes('--keep') || !!reuse;
const root = new URL('../../', import.meta.url).pathname;

let scratch: { admin: pg.Client; name: string } | undefined;
let databaseUrl = '';
if (!embedded) {
  const base =
    process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const name = reuse ?? `wenku_bench_search_${process.pid}`;
  if (!reuse) await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  scratch = { admin, name };
}
const dataDir = mkdtempSync(join(tmpdir(), 'wenku-bench-search-'));
const booted = await boot(
  parseEnv({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: '0',
    ADMIN_PASSWORD: 'bench123',
  }),
  () => {},
);
const db = booted.db;
const ctx = (): DomainContext => ({ em: db.orm.em.fork(), runtime: booted.runtime, actor: null, ip: '127.0.0.1' });
const sql = <T>(q: string, params: unknown[] = []) => db.orm.em.fork().getConnection().execute<T[]>(q, params);
const log = (s: string) => console.log(s);
const fmt = (ms: number) => ms.toFixed(1);

try {
  log(`search benchmark: ${N} documents, ${db.mode === 'embedded' ? 'embedded PGlite' : 'PostgreSQL server'}`);
  let t = performance.now();
  const zh = chineseVocabulary();
  const en = englishVocabulary(root);
  log(`vocabulary: ${zh.words.length} Chinese words (jieba dictionary frequencies), ${en.words.length} English words`);

  // Corpus → documents, categories and extracted text, in batches.
  const categories = reuse
    ? await sql<{ id: number }>(`select id from category where title like '分类%' order by id`)
    : await sql<{ id: number }>(
        `insert into category (title, type) select '分类' || g, 0 from generate_series(1, 12) g returning id`,
      );
  const exts = ['.pdf', '.pdf', '.pdf', '.docx', '.doc', '.pptx', '.xlsx', '.txt', '.epub'];
  const langs = ['zh', 'zh', 'zh', 'en', ''];
  const next = rng(42);
  const df = new Map<string, number>();
  const pairs: string[] = [];
  const now = Date.now();
  let bytes = 0;
  const BATCH = 1000;
  for (let start = 0; start < N; start += BATCH) {
    const docs: CorpusDoc[] = [];
    for (let i = start; i < Math.min(N, start + BATCH); i++) docs.push(makeDocument(zh, en, next));
    const rows = docs.map((d, i) => {
      for (const w of d.words) df.set(w, (df.get(w) ?? 0) + 1);
      if (next() < 0.05) pairs.push(...d.pairs.slice(0, 1));
      bytes += Buffer.byteLength(d.body) + Buffer.byteLength(d.title);
      return {
        uuid: randomBytes(8).toString('hex'),
        hash: randomBytes(16).toString('hex'),
        title: d.title,
        description: [...d.body].slice(0, 120).join(''),
        content: d.body,
        ext: exts[Math.floor(next() * exts.length)],
        language: langs[Math.floor(next() * langs.length)],
        price: next() < 0.7 ? 0 : 1 + Math.floor(next() * 20),
        pages: 1 + Math.floor(next() * 300),
        size: Math.floor(10_000 + next() * 20_000_000),
        views: Math.floor(next() ** 3 * 5000),
        downloads: Math.floor(next() ** 4 * 500),
        created: new Date(now - (N - start - i) * 900_000).toISOString(),
        cat: categories[Math.floor(next() * categories.length)]?.id,
        cat2: categories[Math.floor(next() * categories.length)]?.id,
      };
    });
    if (!reuse)
      await sql(
        `with r as (select * from json_to_recordset(?::json) as r(uuid text, hash text, title text, description text,
         content text, ext text, language text, price int, pages int, size bigint, views int, downloads int,
         created timestamptz, cat int, cat2 int)),
       d as (insert into document (uuid, title, description, user_id, attachment_id, hash, ext, language, price, pages,
         size, view_count, download_count, status, preview, created_at, updated_at)
         select uuid, title, description, 1, 0, hash, ext, language, price, pages, size, views, downloads, 2, 1,
           created, created from r returning id, hash),
       c as (insert into attachment_content (hash, content, content_size)
         select hash, content, octet_length(content) from r),
       k as (insert into document_category (document_id, category_id)
         select d.id, x.cat from d join r using (hash), lateral (select distinct unnest(array[r.cat, r.cat2]) as cat) x)
       select count(*) from d`,
        [JSON.stringify(rows)],
      );
  }
  log(
    `corpus: ${(bytes / 1e6).toFixed(0)} MB generated and stored in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  // Indexing through the real path: queue everything, drain with the indexer.
  t = performance.now();
  if (!reuse) await rebuildSearchIndex(ctx(), 0);
  const indexSeconds = (performance.now() - t) / 1000;
  await sql('analyze');
  const [size] = await sql<{ total: string; heap: string; toast: string; gin: string; title_gin: string }>(
    `select pg_total_relation_size('search_index') as total, pg_relation_size('search_index') as heap,
       pg_total_relation_size((select reltoastrelid from pg_class where relname = 'search_index')) as toast,
       pg_relation_size('search_index_tsv_gin') as gin, pg_relation_size('search_index_title_tsv_gin') as title_gin`,
  );
  const mb = (s: string | undefined) => `${(Number(s) / 1048576).toFixed(0)} MB`;
  if (!reuse)
    log(
      `indexing: ${N} documents in ${indexSeconds.toFixed(1)} s = ${(N / indexSeconds).toFixed(0)} documents/s ` +
        `(${(bytes / 1e6 / indexSeconds).toFixed(1)} MB/s of text)`,
    );
  log(
    `index size: ${mb(size?.total)} in all (heap ${mb(size?.heap)}, out-of-line vectors ${mb(size?.toast)}, ` +
      `GIN ${mb(size?.gin)}, title GIN ${mb(size?.title_gin)})`,
  );

  // Query classes by document frequency of the words the corpus was made of.
  const pick = (pred: (n: number) => boolean, from: string[]) => {
    const found = from.filter((w) => pred(df.get(w) ?? 0));
    const r = rng(7);
    const out: string[] = [];
    for (let i = 0; i < QUERIES && found.length; i++) out.push(found[Math.floor(r() * found.length)] ?? '');
    return { out, distinct: found.length };
  };
  const zhWords = zh.words.filter((w) => df.has(w));
  const enWords = en.words.filter((w) => df.has(w));
  const common = pick((n) => n >= N * 0.35 && n <= N * 0.65, zhWords);
  const medium = pick((n) => n >= N * 0.02 && n <= N * 0.04, zhWords);
  const rare = pick((n) => n >= 5 && n <= 50, zhWords);
  const english = pick((n) => n >= N * 0.01 && n <= N * 0.1, enWords);
  const r2 = rng(9);
  const two = medium.out.map((w, i) => `${w} ${medium.out[(i * 7 + 3) % medium.out.length]}`);
  const phrase = Array.from({ length: QUERIES }, () => `"${pairs[Math.floor(r2() * pairs.length)]}"`);
  const classes: [string, string[], string][] = [
    ['common zh (~50% of docs)', common.out, `${common.distinct} words`],
    ['medium zh (~3%)', medium.out, `${medium.distinct} words`],
    ['rare zh (5-50 docs)', rare.out, `${rare.distinct} words`],
    ['English (1-10%)', english.out, `${english.distinct} words`],
    ['two medium terms', two, 'AND'],
    ['phrase "…"', phrase, 'adjacent words'],
  ];

  const caller = createCallerFactory(appRouter)(ctx());
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
  };
  // Warm-up: caches, prepared plans, the segmenter.
  for (const w of [...common.out.slice(0, 5), ...medium.out.slice(0, 5)]) await caller.search.search({ wd: w });

  log('');
  log('| class | queries | hits (median) | search p50 / p99 ms | naive ranked p50 / p99 ms | naive ÷ search (p99) |');
  log('|---|---|---|---|---|---|');
  const extra: [string, (w: string) => Record<string, unknown>][] = [
    ['common zh, sorted by newest', (w) => ({ wd: w, sort: 'latest' })],
    ['common zh, category + free filter', (w) => ({ wd: w, category_id: [categories[0]?.id], fee_type: 'free' })],
    ['common zh, page 10', (w) => ({ wd: w, page: 10 })],
  ];
  const runClass = async (
    label: string,
    words: string[],
    note: string,
    input: (w: string) => Record<string, unknown>,
  ) => {
    const times: number[] = [];
    const naive: number[] = [];
    const hits: number[] = [];
    for (const w of words) {
      const t0 = performance.now();
      const r = await caller.search.search(input(w) as never);
      times.push(performance.now() - t0);
      hits.push(r.total_found);
      const q = tsqueryLiteral(parseQuery(w));
      const t1 = performance.now();
      await sql(
        `select id, ts_rank_cd(tsv, q) as r from search_index, (select ?::tsquery as q) x where tsv @@ q
         order by r desc limit 20`,
        [q],
      );
      naive.push(performance.now() - t1);
    }
    const s99 = pct(times, 99);
    const n99 = pct(naive, 99);
    log(
      `| ${label} (${note}) | ${words.length} | ${pct(hits, 50)} | ${fmt(pct(times, 50))} / ${fmt(s99)} | ` +
        `${fmt(pct(naive, 50))} / ${fmt(n99)} | ${(n99 / s99).toFixed(1)}× |`,
    );
  };
  for (const [label, words, note] of classes) await runClass(label, words, note, (w) => ({ wd: w }));
  for (const [label, input] of extra) await runClass(label, common.out, 'same words', input);
  await flushSearchRecords();
  log('');
  log('search = the search procedure end to end (segmenting, counts and facets, ranking, snippets, highlights).');
  log('naive = `ts_rank_cd` over every match, top 20, nothing else (ARCHITECTURE.md §5 trap).');
} finally {
  await booted.shutdown();
  rmSync(dataDir, { recursive: true, force: true });
  if (scratch && !keep) await scratch.admin.query(`drop database ${scratch.name} with (force)`);
  if (scratch && keep) log(`kept database ${scratch.name}`);
  await scratch?.admin.end();
}
