import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { MIGRATIONS } from './migrations/index.ts';
import type { Database, PgConnection } from './orm.ts';

/**
 * A site's data as a stream of records, the same whether it goes straight into another database (`db:copy-to`) or
 * through a file (`db:backup` / `db:restore`): every table's rows with every value as PostgreSQL's own text (read
 * back as text, each is the same value whatever its type), and every sequence.
 */
export type SiteRecord =
  | { format: 'wenku-site'; version: 1; createdAt: string; migrations: string[] }
  | { table: string; columns: string[] }
  | { row: (string | null)[] }
  | { sequences: Record<string, string | null> }
  | { end: true; counts: Record<string, number> };

export interface TableCopy {
  table: string;
  rows: number;
}

/** The migrations' own bookkeeping: the target gets it by running the same committed migrations. */
const SKIPPED_TABLES = new Set(['mikro_orm_migrations']);
/** At most this many bind parameters in one INSERT (PostgreSQL's limit is 65535). */
const MAX_PARAMETERS = 30_000;
const PAGE_ROWS = 1000;

/** Values exactly as PostgreSQL writes them as text. */
const asText = { getTypeParser: () => (value: string) => value } as unknown as typeof pg.types;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

const clientOf = (connection: PgConnection) => new pg.Client({ ...connection, types: asText });

async function publicTables(client: pg.Client): Promise<string[]> {
  const r = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
      order by table_name`,
  );
  return r.rows.map((t) => t.table_name);
}

async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const r = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1
      order by ordinal_position`,
    [table],
  );
  return r.rows.map((c) => c.column_name);
}

async function primaryKeyOf(client: pg.Client, table: string): Promise<string[]> {
  const r = await client.query<{ column_name: string }>(
    `select k.column_name from information_schema.table_constraints c
      join information_schema.key_column_usage k on k.constraint_name = c.constraint_name and k.table_name = c.table_name
      where c.table_schema = 'public' and c.table_name = $1 and c.constraint_type = 'PRIMARY KEY'
      order by k.ordinal_position`,
    [table],
  );
  return r.rows.map((c) => c.column_name);
}

/**
 * Reads a whole site from a database in one repeatable-read transaction, so every table comes from the same moment
 * while the site keeps running (on the embedded database other connections wait for it: the site pauses for the
 * read, about a second per 100 MB). The job queue's schema is not read: documents waiting for a conversion are
 * queued again by the workers' sweep.
 */
export async function* readSite(connection: PgConnection): AsyncGenerator<SiteRecord> {
  const client = clientOf(connection);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const applied = await client.query<{ name: string }>('select name from mikro_orm_migrations order by id');
    yield {
      format: 'wenku-site',
      version: 1,
      createdAt: new Date().toISOString(),
      migrations: applied.rows.map((m) => m.name),
    };
    const counts: Record<string, number> = {};
    for (const table of await publicTables(client)) {
      if (SKIPPED_TABLES.has(table)) continue;
      const columns = await columnsOf(client, table);
      const key = await primaryKeyOf(client, table);
      yield { table, columns };
      const list = columns.map(quote).join(', ');
      let read = 0;
      // Pages in primary-key order inside the one snapshot.
      for (;;) {
        const page = await client.query({
          text: `select ${list} from ${quote(table)} order by ${key.length ? key.map(quote).join(', ') : 'ctid'}
            limit $1 offset $2`,
          values: [PAGE_ROWS, read],
          rowMode: 'array',
        });
        for (const row of page.rows as (string | null)[][]) yield { row };
        read += page.rows.length;
        if (page.rows.length < PAGE_ROWS) break;
      }
      counts[table] = read;
    }
    const sequences = await client.query<{ sequencename: string; last_value: string | null }>(
      `select sequencename, last_value from pg_sequences where schemaname = 'public'`,
    );
    yield { sequences: Object.fromEntries(sequences.rows.map((s) => [s.sequencename, s.last_value])) };
    yield { end: true, counts };
    await client.query('commit');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Writes a site read by `readSite` into an empty database: its schema by the committed migrations up to the ones the
 * source had (the server applies any newer ones at its next start), then every row in one transaction, the
 * sequences where the source left them, and a check that every table holds as many rows as the source had (the
 * foreign keys are checked at the commit, so a row naming a missing row fails the whole restore). Throws
 * (and writes no row) when the target is not empty, the stream is cut short, a migration is unknown to this version,
 * or a count differs.
 */
export async function writeSite(
  target: Database,
  records: AsyncIterable<SiteRecord>,
  log: (message: string) => void = () => {},
): Promise<TableCopy[]> {
  const client = clientOf(target.connection);
  await client.connect();
  try {
    const existing = await publicTables(client);
    if (existing.length) {
      throw new Error(
        `the target database is not empty (${existing.length} tables, e.g. "${existing[0]}"); it must be empty`,
      );
    }
    const iterator = records[Symbol.asyncIterator]();
    const header = (await iterator.next()).value as SiteRecord | undefined;
    if (!header || !('format' in header) || header.format !== 'wenku-site') throw new Error('not a Wenku site dump');
    const known = MIGRATIONS.map((m) => m.name);
    const unknown = header.migrations.filter((m) => !known.includes(m));
    if (unknown.length) throw new Error(`made by a newer Wenku (migration ${unknown[0]}); use that version to restore`);
    const last = header.migrations.at(-1);
    if (last) await target.orm.getMigrator().up({ to: last });

    const copied: TableCopy[] = [];
    let end: { counts: Record<string, number> } | undefined;
    await client.query('begin');
    try {
      // Tables come in name order, not in the order of their foreign keys: the keys (all deferrable) are checked once,
      // at the commit, over the whole copy.
      await client.query('set constraints all deferred');
      let table = '';
      let columns: string[] = [];
      let batch: (string | null)[][] = [];
      const flush = async () => {
        if (!batch.length) return;
        const values: (string | null)[] = [];
        const tuples = batch.map(
          (row) =>
            `(${row
              .map((v) => {
                values.push(v);
                return `$${values.length}`;
              })
              .join(', ')})`,
        );
        await client.query(
          `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${tuples.join(', ')}`,
          values,
        );
        (copied.at(-1) as TableCopy).rows += batch.length;
        batch = [];
      };
      const perInsert = () =>
        Math.max(1, Math.min(PAGE_ROWS, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length))));
      for (let r = await iterator.next(); !r.done; r = await iterator.next()) {
        const record = r.value;
        if ('row' in record) {
          batch.push(record.row);
          if (batch.length >= perInsert()) await flush();
        } else if ('table' in record) {
          await flush();
          if (copied.at(-1)?.rows) log(`${table}: ${copied.at(-1)?.rows} rows`);
          table = record.table;
          columns = record.columns;
          const here = await columnsOf(client, table);
          if (here.join(',') !== columns.join(','))
            throw new Error(`${table}: its columns differ from the source's (${columns.join(', ')})`);
          copied.push({ table, rows: 0 });
        } else if ('sequences' in record) {
          await flush();
          if (copied.at(-1)?.rows) log(`${table}: ${copied.at(-1)?.rows} rows`);
          for (const [name, value] of Object.entries(record.sequences)) {
            // A sequence never used keeps its start; a used one goes on after the last value the source handed out.
            if (value !== null) await client.query('select setval($1, $2, true)', [quote(name), value]);
          }
        } else if ('end' in record) {
          end = record;
        }
      }
      if (!end) throw new Error('the dump is cut short (no end record): nothing was restored');
      for (const c of copied) {
        const n = Number(
          (await client.query<{ n: string }>(`select count(*) as n from ${quote(c.table)}`)).rows[0]?.n ?? 0,
        );
        if (n !== end.counts[c.table])
          throw new Error(`${c.table}: ${end.counts[c.table]} rows in the source, ${n} written`);
      }
      await client.query('commit');
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      throw e;
    }
    return copied;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Writes a site to a gzip-compressed file of JSON lines, through a temporary name (a cut-off dump never looks whole). */
export async function dumpSiteToFile(connection: PgConnection, file: string): Promise<Record<string, number>> {
  let counts: Record<string, number> = {};
  const tmp = `${file}.${process.pid}.tmp`;
  const lines = async function* () {
    for await (const record of readSite(connection)) {
      if ('end' in record) counts = record.counts;
      yield `${JSON.stringify(record)}\n`;
    }
  };
  try {
    await pipeline(Readable.from(lines()), createGzip(), createWriteStream(tmp, { mode: 0o600 }));
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  return counts;
}

/** The records of a file written by `dumpSiteToFile`. */
export async function* readSiteFile(file: string): AsyncGenerator<SiteRecord> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) if (line) yield JSON.parse(line) as SiteRecord;
}
