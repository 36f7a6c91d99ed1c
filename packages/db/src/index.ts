export type { EntityManager } from '@mikro-orm/postgresql';
export { dumpSiteToFile, readSite, readSiteFile, type SiteRecord, type TableCopy, writeSite } from './copy.ts';
export { DATA_DIR_LOCK_FILE, DataDirInUseError, type DataDirOwner } from './data-dir-lock.ts';
export { createDatabase, DatabaseMissingError, describeDatabaseUrl } from './database-server.ts';
export * from './entities/index.ts';
export { DOCUMENTS_CHANNEL, type Listener, listenTo, SETTINGS_CHANNEL } from './listen.ts';
export { createOrmConfig } from './mikro-orm.config.ts';
export {
  type Database,
  type DatabaseMode,
  migrate,
  type OpenDatabaseOptions,
  openDatabase,
  type PgConnection,
  whenQueriesDone,
  whileStarting,
} from './orm.ts';

/** Permissions held by a user through the groups they belong to. */
export const USER_PERMISSIONS_SQL = `select distinct p.method, p.path from permission p
  join group_permission gp on gp.permission_id = p.id
  join user_group ug on ug.group_id = gp.group_id
  where ug.user_id = ?`;
