import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { ENTITIES } from './entities/index.ts';
import { MIGRATIONS } from './migrations/index.ts';

export interface ConnectionTarget {
  /** postgres://… of a server, or the unix-socket directory of the embedded server. */
  clientUrl?: string;
  host?: string;
  port?: number;
  dbName?: string;
  user?: string;
  poolMax: number;
  debug?: boolean;
}

export const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url).pathname;

/** ORM options shared by the server, the CLI, tests and the migration generator. */
export function createOrmConfig(target: ConnectionTarget): Options {
  return defineConfig({
    driver: PostgreSqlDriver,
    entities: ENTITIES,
    clientUrl: target.clientUrl,
    host: target.host,
    port: target.port,
    dbName: target.dbName,
    user: target.user,
    pool: { min: 0, max: target.poolMax, idleTimeoutMillis: 10_000 },
    forceUtcTimezone: true,
    allowGlobalContext: false,
    debug: target.debug ?? false,
    // Never create a database on connect: a misspelled DATABASE_URL must fail, not start an empty site (issue 15).
    ensureDatabase: false,
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    extensions: [Migrator],
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: MIGRATIONS_DIR,
      emit: 'ts',
      snapshot: false,
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
    },
  });
}
