import pg from 'pg';

/** The database named by DATABASE_URL is not on its server. */
export class DatabaseMissingError extends Error {
  constructor(
    readonly database: string,
    readonly server: string,
  ) {
    super(
      `database "${database}" does not exist on ${server}; create it with "npm run cli -- db:create" or fix DATABASE_URL`,
    );
    this.name = 'DatabaseMissingError';
  }
}

/** The database's name and where its server is, as the pg driver reads the URL (defaults included). */
export function describeDatabaseUrl(databaseUrl: string): { database: string; server: string } {
  const client = new pg.Client({ connectionString: databaseUrl });
  return { database: client.database ?? '', server: `${client.host}:${client.port}` };
}

const MISSING_DATABASE = '3D000';

/**
 * Throws DatabaseMissingError unless the database named by `databaseUrl` exists. Other connection failures (server
 * down, wrong password) are thrown as the driver reports them.
 */
export async function assertDatabaseExists(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (e) {
    if ((e as { code?: string }).code === MISSING_DATABASE) {
      const { database, server } = describeDatabaseUrl(databaseUrl);
      throw new DatabaseMissingError(database, server);
    }
    throw e;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates the database named by `databaseUrl` on its server (the operator's explicit `db:create`), connecting with
 * the same credentials to the server's maintenance database. Returns false when it already exists.
 */
export async function createDatabase(databaseUrl: string): Promise<boolean> {
  const { database } = describeDatabaseUrl(databaseUrl);
  let lastError: unknown;
  for (const maintenance of ['postgres', 'template1']) {
    const url = new URL(databaseUrl);
    url.pathname = `/${maintenance}`;
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
    } catch (e) {
      lastError = e;
      await client.end().catch(() => undefined);
      if ((e as { code?: string }).code === MISSING_DATABASE) continue;
      throw e;
    }
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [database]);
      if (found.rowCount) return false;
      await client.query(`create database ${pg.escapeIdentifier(database)}`);
      return true;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw lastError;
}
