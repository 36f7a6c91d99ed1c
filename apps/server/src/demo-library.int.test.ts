import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoLibrary } from '@wenku/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';
import { type Booted, boot } from './runtime.ts';
import { TEST_ADMIN_PASSWORD } from './testing/constants.ts';

/**
 * Issue 20: a first start with SEED_DEMO=1 builds a library worth looking at (every category, the main formats,
 * both languages, several pages, one long document), through the normal conversion, and a restart adds nothing.
 * A database of its own: the demo is only seeded on a site without categories.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `wenku_demo_${process.pid}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'wenku-demo-'));
const admin = new pg.Client({ connectionString: adminUrl });
const logs: string[] = [];
let booted: Booted | undefined;

const start = () =>
  boot(
    parseEnv({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      SEED_DEMO: '1',
      DB_POOL_MAX: '6',
    }),
    (m) => logs.push(m),
    { queue: true, worker: true },
  );

const sql = <T>(query: string, params: unknown[] = []) =>
  (booted as Booted).db.orm.em.fork().getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
});

afterAll(async () => {
  await booted?.shutdown();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Row {
  title: string;
  ext: string;
  language: string;
  pages: number;
  status: number;
  categories: string[];
  text_len: number;
}

describe('the demo library (SEED_DEMO=1)', () => {
  it('is written at first start and converted: every category, format and language, several pages, one long', async () => {
    booted = await start();
    // The start returns before the library is written: the site answers meanwhile.
    expect(await sql('select 1 from document')).toHaveLength(0);
    expect(booted.demoLibrary).toBeDefined();
    await booted.demoLibrary;
    expect(logs.some((l) => /demo library complete/.test(l))).toBe(true);

    const specs = demoLibrary();
    const rows = await sql<Row>(
      `select d.title, d.ext, d.language, d.pages, d.status,
         array(select c.title from document_category dc join category c on c.id = dc.category_id
               where dc.document_id = d.id) categories,
         coalesce((select length(t.content) from attachment_content t where t.hash = d.hash), 0) text_len
       from document d`,
    );
    expect(rows.map((r) => r.title).sort()).toEqual(specs.map((s) => s.title).sort());
    const failed = rows.filter((r) => r.status !== 2).map((r) => `${r.title} (${r.ext}): status ${r.status}`);
    expect(failed).toEqual([]);
    // Every leaf category of the demo tree, and so every top category, holds documents.
    const leaves = await sql<{ title: string }>(`select title from category where type = 0 and parent_id <> 0`);
    const used = new Set(rows.flatMap((r) => r.categories));
    expect(leaves.map((l) => l.title).filter((t) => !used.has(t))).toEqual([]);
    expect(new Set(rows.map((r) => r.ext))).toEqual(new Set(['.pdf', '.docx', '.pptx', '.xlsx', '.epub', '.txt']));
    expect(new Set(rows.map((r) => r.language))).toEqual(new Set(['zh-CN', 'en']));
    expect(Math.max(...rows.map((r) => r.pages))).toBeGreaterThanOrEqual(40);
    // Several pages: three or more (plain text, laid out at 11 pt by the converter: two or more).
    const short = rows.filter((r) => r.pages < (r.ext === '.txt' ? 2 : 3)).map((r) => `${r.title}: ${r.pages}`);
    expect(short).toEqual([]);
    for (const r of rows) expect(r.text_len, r.title).toBeGreaterThan(50);
    // Covers and previews exist for every document.
    const covers = await sql<{ n: number }>(`select count(*)::int n from document where preview > 0 and width > 0`);
    expect(covers[0]?.n).toBe(specs.length);

    // The rest of a living site: a member, articles, comments, ratings, favourites.
    expect(await sql(`select 1 from "user" where username = 'demo'`)).toHaveLength(1);
    const counts = await sql<Record<string, number>>(
      `select (select count(*)::int from article where identifier !~ '^[a-z]+$') articles,
              (select count(*)::int from comment where status = 1) comments,
              (select count(*)::int from document_score) scores,
              (select count(*)::int from favorite) favorites`,
    );
    expect(counts[0]?.articles).toBeGreaterThanOrEqual(3);
    expect(counts[0]?.comments).toBeGreaterThanOrEqual(5);
    expect(counts[0]?.scores).toBeGreaterThanOrEqual(specs.length);
    expect(counts[0]?.favorites).toBeGreaterThanOrEqual(3);
  }, 1_500_000);

  it('a restart adds nothing', async () => {
    const before = await sql<Record<string, number>>(
      `select (select count(*)::int from document) documents, (select count(*)::int from article) articles,
              (select count(*)::int from comment) comments, (select count(*)::int from "user") users,
              (select count(*)::int from category) categories`,
    );
    await booted?.shutdown();
    booted = undefined;
    booted = await start();
    await booted.demoLibrary;
    const after = await sql<Record<string, number>>(
      `select (select count(*)::int from document) documents, (select count(*)::int from article) articles,
              (select count(*)::int from comment) comments, (select count(*)::int from "user") users,
              (select count(*)::int from category) categories`,
    );
    expect(after).toEqual(before);
  }, 120_000);
});
