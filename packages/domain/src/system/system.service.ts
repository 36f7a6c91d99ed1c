import { execFile } from 'node:child_process';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mupdfVersion, runConversion } from '@wenku/converter';
import { Article, Banner, Category, Comment, Document, Friendlink, Report, User } from '@wenku/db';
import { ArticleStatus, DocumentStatus, DomainError } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { can } from '../permissions.ts';
import { loadSettings } from '../settings/settings.service.ts';

const run = promisify(execFile);

/**
 * GET /stats (moredoc-facts §20.2). The operating system and the build are shown only to holders of
 * ConfigAPI.GetStats, with the counts of admin-only tables: to anyone else the kernel release and build stamp are a
 * fingerprint for picking exploits (issue 15), so the public gets the same fields, blank.
 */
export async function getStats(ctx: DomainContext) {
  const s = await loadSettings(ctx);
  const admin = can(ctx.actor, 'ConfigAPI.GetStats');
  const users = await ctx.em.count(User, {});
  // Administrators count every document and article not in the recycle bin, whatever its status (moredoc-facts
  // §20.2); anyone else counts what they can open: converted documents, approved articles (issue 20).
  const documents = await ctx.em.count(
    Document,
    admin ? { deletedAt: null } : { deletedAt: null, status: DocumentStatus.Converted },
  );
  const articles = await ctx.em.count(
    Article,
    admin ? { deletedAt: null } : { deletedAt: null, status: ArticleStatus.Approved },
  );
  const base = {
    user_count: users + Math.max(0, s.num('display.virtual_register_count')),
    document_count: documents,
    article_count: articles,
    os: '',
    // The program version is public anyway (GET /settings, for the "Powered by" footer).
    version: ctx.runtime.version,
    hash: '',
    build_at: '',
  };
  if (!admin) return base;
  const [category_count, banner_count, friendlink_count] = await Promise.all([
    ctx.em.count(Category, {}),
    ctx.em.count(Banner, {}),
    ctx.em.count(Friendlink, {}),
  ]);
  const [index] = await ctx.em.execute<{ n: string; size: string }[]>(
    `select (select count(*) from search_index where type = 0) as n, pg_total_relation_size('search_index') as size`,
  );
  return {
    ...base,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    hash: ctx.runtime.build?.hash ?? '',
    build_at: ctx.runtime.build?.at ?? '',
    category_count,
    banner_count,
    friendlink_count,
    comment_count: await ctx.em.count(Comment, {}),
    report_count: await ctx.em.count(Report, {}),
    index_document_count: Number(index?.n ?? 0),
    index_document_size: Number(index?.size ?? 0),
  };
}

interface EnvCheck {
  name: string;
  is_required: boolean;
  is_installed: boolean;
  version: string;
  description: string;
  error: string;
  checked_at: string;
}

async function probe(cmd: string, args: string[], pick: (out: string) => string) {
  try {
    const { stdout, stderr } = await run(cmd, args, { timeout: 20_000 });
    return { ok: true, version: pick(`${stdout}${stderr}`.trim()), error: '' };
  } catch (e) {
    return { ok: false, version: '', error: (e as Error).message.split('\n')[0] ?? '' };
  }
}

/**
 * A real conversion of a small Chinese spreadsheet through LibreOffice and MuPDF, as the worker would run it: the
 * dashboard's proof that documents can be converted on this machine.
 */
async function selfTestConversion(): Promise<{ ok: boolean; version: string; error: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'wenku-selftest-'));
  try {
    const input = join(dir, 'selftest.csv');
    await writeFile(input, '文库,自检\nWenku,1\n');
    const started = Date.now();
    const r = await runConversion(
      {
        input,
        ext: 'csv',
        outDir: join(dir, 'out'),
        workDir: join(dir, 'work'),
        format: 'webp',
        gzipSvg: false,
        maxPreview: 1,
        maxPreviewPercent: 100,
        timeoutMs: 60_000,
      },
      { timeoutMs: 90_000, maxRssBytes: 1024 ** 3 },
    );
    if (!r.text.includes('自检')) return { ok: false, version: '', error: '转换结果中没有文字（字体或编码问题）' };
    return { ok: true, version: `${((Date.now() - started) / 1000).toFixed(1)} 秒`, error: '' };
  } catch (e) {
    return { ok: false, version: '', error: (e as Error).message };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** How long a measurement of the tools stands before the next call measures again (in the background). */
const ENVS_FRESH_MS = 60 * 60 * 1000;
let envsCache: { at: number; result: Promise<{ envs: EnvCheck[] }> } | null = null;

/**
 * Environment checks for the dashboard (GET /envs). Measuring runs a real conversion and takes seconds, and MOREDOC's
 * dashboard asks on every visit: the tools are measured once per process and the answer kept. After an hour the
 * kept answer is still given while a new measurement runs in the background; `refresh` (the back office's 重新检测)
 * waits for a new one. Concurrent first calls share one measurement.
 */
export function getEnvs(opts: { refresh?: boolean } = {}): Promise<{ envs: EnvCheck[] }> {
  const now = Date.now();
  if (!envsCache || opts.refresh) {
    envsCache = { at: now, result: measureEnvs() };
  } else if (now - envsCache.at > ENVS_FRESH_MS) {
    const kept = envsCache.result;
    envsCache = { at: now, result: kept };
    void measureEnvs().then((fresh) => {
      envsCache = { at: Date.now(), result: Promise.resolve(fresh) };
    });
    return kept;
  }
  return envsCache.result;
}

async function measureEnvs(): Promise<{ envs: EnvCheck[] }> {
  const checks: [string, boolean, string, Promise<{ ok: boolean; version: string; error: string }>][] = [
    [
      'LibreOffice',
      true,
      '转换 Office 文档（Word、Excel、PowerPoint）',
      probe('soffice', ['--version'], (o) => o.split('\n')[0] ?? ''),
    ],
    ['chmlib', false, '转换 CHM 电子书', probe('sh', ['-c', 'command -v extract_chmLib'], (o) => o)],
    [
      'Noto CJK',
      true,
      '中文字体，保证转换后的中文正常显示',
      probe('fc-list', [':lang=zh', 'family'], (o) => (o ? `${o.split('\n').length} 个字体` : '')),
    ],
    [
      'MuPDF',
      true,
      '渲染预览页、提取文字（PDF、EPUB、MOBI 等）',
      Promise.resolve({ ok: true, version: `mupdf.js ${mupdfVersion()}`, error: '' }),
    ],
    // Developer tools (the benchmark's mutool, the browser tests' Chromium) are no concern of a site owner (issue 20).
    ['转换自检', true, '用 LibreOffice 与 MuPDF 实际转换一个中文表格', selfTestConversion()],
  ];
  const now = new Date().toISOString();
  const results = await Promise.all(checks.map(([, , , p]) => p));
  return {
    envs: checks.map(([name, required, description], i) => {
      const r = results[i] ?? { ok: false, version: '', error: '' };
      const installed = r.ok && r.version !== '';
      return {
        name,
        is_required: required,
        is_installed: installed,
        version: r.version,
        description,
        error: installed ? '' : r.error || '未安装',
        checked_at: now,
      };
    }),
  };
}

/** Server hardware for the dashboard (GET /device). */
export async function getDevice() {
  const cpus = os.cpus();
  const [l1] = os.loadavg();
  let disk: { disk_name: string; total: number; used: number; free: number; percent: number }[] = [];
  try {
    const st = await statfs(process.cwd());
    const total = st.blocks * st.bsize;
    const free = st.bavail * st.bsize;
    disk = [
      {
        disk_name: process.cwd(),
        total,
        used: total - free,
        free,
        percent: total ? Math.round(((total - free) / total) * 1000) / 10 : 0,
      },
    ];
  } catch {
    disk = [];
  }
  const total = os.totalmem();
  const free = os.freemem();
  return {
    cpu: {
      cores: cpus.length,
      model_name: cpus[0]?.model ?? '',
      mhz: cpus[0]?.speed ?? 0,
      percent: Math.min(100, Math.round(((l1 ?? 0) / Math.max(1, cpus.length)) * 1000) / 10),
    },
    memory: { total, used: total - free, free, percent: Math.round(((total - free) / total) * 1000) / 10 },
    disk,
  };
}

/**
 * GET /license: Wenku is free software (AGPL-3.0-or-later) with no limits to report. Type 1 is MOREDOC's full licence;
 * its dashboard labels any other type a trial.
 */
export const getLicense = () => ({
  type: 1,
  max_docs: 0,
  max_articles: 0,
  max_users: 0,
  addr: '',
  expired_at: '',
});

const TREND_TABLES = {
  users: `select created_at from "user"`,
  documents: `select created_at from document`,
  downloads: `select created_at from download`,
  articles: `select created_at from article`,
  comments: `select created_at from comment`,
  /** Paid orders, by the day they were paid. */
  orders: `select paid_at as created_at from orders where status = 2`,
} as const;

/**
 * The dashboard's figures: totals and today's numbers, and per-day counts of registrations, uploads, downloads,
 * articles, comments and paid orders over `[start, end]` (at most 366 days), in the server's time zone.
 */
export async function getStatsTrend(ctx: DomainContext, input: { start: string; end: string }) {
  const day = (s: string) => {
    const d = new Date(`${s}T00:00:00`);
    if (Number.isNaN(d.getTime())) throw new DomainError('VALIDATION_FAILED', 'system.date_invalid');
    return d;
  };
  const start = day(input.start);
  const end = day(input.end);
  if (end < start) throw new DomainError('VALIDATION_FAILED', 'common.end_before_start');
  if ((end.getTime() - start.getTime()) / 86_400_000 > 366)
    throw new DomainError('VALIDATION_FAILED', 'system.range_too_long');
  const until = new Date(end.getTime() + 86_400_000);
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const series: Record<string, Record<string, number>> = {};
  const totals: Record<string, { total: number; today: number }> = {};
  for (const [name, source] of Object.entries(TREND_TABLES)) {
    const rows = await ctx.em.execute<{ d: string; n: string }[]>(
      `select to_char(created_at, 'YYYY-MM-DD') as d, count(*) as n from (${source}) x
       where created_at >= ? and created_at < ? group by 1`,
      [start, until],
    );
    series[name] = Object.fromEntries(rows.map((r) => [r.d, Number(r.n)]));
    const [t] = await ctx.em.execute<{ total: string; today: string }[]>(
      `select count(*) as total, count(*) filter (where created_at >= ?) as today from (${source}) x`,
      [today],
    );
    totals[name] = { total: Number(t?.total ?? 0), today: Number(t?.today ?? 0) };
  }
  const days: string[] = [];
  for (let d = new Date(start); d < until; d.setDate(d.getDate() + 1)) {
    const pad = (n: number) => String(n).padStart(2, '0');
    days.push(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`);
  }
  return {
    totals,
    days,
    series: Object.fromEntries(Object.entries(series).map(([k, v]) => [k, days.map((d) => v[d] ?? 0)])),
  };
}
