import type { EntityManager } from '@wenku/db';
import { toStorableText } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { escapeLike, orderBySql } from '../presenter.ts';
import { loadSettings } from '../settings/settings.service.ts';

/**
 * Search records (moredoc-facts §20.1): every search is noted when `security.search_record_retention_days` > 0.
 * Writes are buffered and flushed in one insert at most a second later, so searching never waits on them.
 */

interface Pending {
  user_id: number;
  ip: string;
  user_agent: string;
  keywords: string;
  type: number;
  total: number;
  page: number;
  spend_time: number;
}

let buffer: Pending[] = [];
let timer: NodeJS.Timeout | null = null;
let flushEm: EntityManager | null = null;
const FLUSH_MS = 1000;
const MAX_BUFFER = 1024;

export function recordSearch(
  ctx: DomainContext,
  r: { keywords: string; type: number; total: number; page: number; seconds: number },
): void {
  // This outlives the search call: on an entity manager of its own, never the caller's (which may be flushing or in
  // a transaction that ends before this runs).
  const em = ctx.em.fork();
  void (async () => {
    const s = await loadSettings({ ...ctx, em });
    if (s.num('security.search_record_retention_days', 7) <= 0) return;
    if (buffer.length >= MAX_BUFFER) return;
    // Rows are written many to one statement: text PostgreSQL cannot hold is dropped here, so no row fails the others.
    buffer.push({
      user_id: ctx.actor?.user.id ?? 0,
      ip: toStorableText(ctx.ip).slice(0, 64),
      user_agent: [...toStorableText(ctx.userAgent ?? '')].slice(0, 512).join(''),
      keywords: [...toStorableText(r.keywords)].slice(0, 64).join(''),
      type: r.type,
      total: r.total,
      page: r.page,
      spend_time: r.seconds,
    });
    flushEm = em;
    if (!timer) {
      timer = setTimeout(() => void flushSearchRecords(), FLUSH_MS);
      timer.unref();
    }
  })().catch((e) => console.error('search record', e));
}

const insertRecords = (em: EntityManager, rows: Pending[]) =>
  em.execute(
    `insert into search_record (user_id, ip, user_agent, keywords, type, total, page, spend_time)
     select * from json_to_recordset(?::json) as r(user_id int, ip text, user_agent text, keywords text,
       type smallint, total int, page int, spend_time numeric)`,
    [JSON.stringify(rows)],
  );

/**
 * Writes the buffered records now (also called at shutdown and by tests). Should the batch still fail, each row is
 * written on its own: one bad row loses itself, never the others.
 */
export async function flushSearchRecords(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const rows = buffer;
  buffer = [];
  if (!rows.length || !flushEm) return;
  const em = flushEm.fork();
  try {
    await insertRecords(em, rows);
  } catch (batchError) {
    if (rows.length === 1) return console.error('search record', batchError);
    for (const row of rows) await insertRecords(em, [row]).catch((e: unknown) => console.error('search record', e));
  }
}

/** Drops records older than the retention (daily job); 0 days keeps nothing. */
export async function purgeSearchRecords(ctx: DomainContext): Promise<number> {
  const s = await loadSettings(ctx);
  const days = Math.max(0, s.num('security.search_record_retention_days', 7));
  const rows = await ctx.em.execute<{ id: number }[]>(
    `delete from search_record where created_at < now() - make_interval(days => ?) returning id`,
    [days],
  );
  return rows.length;
}

const SORTABLE = ['id', 'created_at', 'total', 'spend_time', 'page'] as const;

/** GET /searchrecord/list: keywords and IP contain, users, types; newest first unless ordered otherwise. */
export async function listSearchRecords(
  ctx: DomainContext,
  input: { page: number; size: number; wd?: string; ip?: string; user_id?: number[]; type?: number[]; order?: string },
) {
  const where: string[] = ['true'];
  const params: unknown[] = [];
  if (input.wd) {
    where.push(`r.keywords ilike ?`);
    params.push(`%${escapeLike(input.wd)}%`);
  }
  if (input.ip) {
    where.push(`r.ip ilike ?`);
    params.push(`%${escapeLike(input.ip)}%`);
  }
  if (input.user_id?.length) {
    where.push(`r.user_id in (${input.user_id.map(() => '?').join(',')})`);
    params.push(...input.user_id);
  }
  if (input.type?.length) {
    where.push(`r.type in (${input.type.map(() => '?').join(',')})`);
    params.push(...input.type);
  }
  const orderSql = orderBySql(input.order, SORTABLE, { id: 'desc' }, 'r');
  const [count] = await ctx.em.execute<{ n: string }[]>(
    `select count(*) as n from search_record r where ${where.join(' and ')}`,
    params,
  );
  const rows = await ctx.em.execute<
    {
      id: number;
      user_id: number;
      username: string | null;
      ip: string;
      total: number;
      page: number;
      user_agent: string;
      keywords: string;
      spend_time: string;
      type: number;
      created_at: Date;
    }[]
  >(
    `select r.*, u.username from search_record r left join "user" u on u.id = r.user_id
     where ${where.join(' and ')} order by ${orderSql} limit ? offset ?`,
    [...params, input.size, (input.page - 1) * input.size],
  );
  return {
    total: Number(count?.n ?? 0),
    search_record: rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      username: r.username ?? '',
      ip: r.ip,
      total: r.total,
      page: r.page,
      user_agent: r.user_agent,
      keywords: r.keywords,
      spend_time: Number(r.spend_time),
      type: r.type,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}

/** DELETE /searchrecord?id=…: one or many. */
export async function deleteSearchRecords(ctx: DomainContext, ids: number[]): Promise<void> {
  const rows = await ctx.em.execute<{ id: number }[]>(
    `delete from search_record where id in (${ids.map(() => '?').join(',')}) returning id`,
    ids,
  );
  if (rows.length === 0) throw notFound('search.record_not_found');
}

/** Hot searches for the home page: the most searched words of the last week that found something. */
export async function hotSearches(ctx: DomainContext, limit = 10): Promise<string[]> {
  const rows = await ctx.em.execute<{ keywords: string }[]>(
    `select keywords from search_record where created_at > now() - interval '7 days' and total > 0 and keywords <> ''
     group by keywords order by count(*) desc, max(created_at) desc limit ?`,
    [limit],
  );
  return rows.map((r) => r.keywords);
}
