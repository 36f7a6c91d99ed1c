import type { EntityManager, IUser } from '@wenku/db';
import type { PermissionIdentity } from '@wenku/shared';
import type { PageAccessCache } from './documents/page-access.cache.ts';
import type { SettingsCache } from './settings/settings.cache.ts';
import type { Storage } from './storage/storage.ts';

/** Who is calling: the signed-in user, the identities (`METHOD path`) of the permissions their groups hold. */
export interface Actor {
  user: IUser;
  identities: ReadonlySet<PermissionIdentity>;
  /** User 1 passes every permission check and can never be deleted (moredoc-facts §5). */
  isRoot: boolean;
  /** Holds at least one permission: sees hidden content, unmasked counters, the back office. */
  isAdmin: boolean;
  groupIds: readonly number[];
  tokenId: string;
  tokenExpiresAt: Date;
}

/** The job queue (pg-boss in PostgreSQL). Jobs are sent after the transaction that caused them commits. */
export interface JobQueue {
  send(name: string, data: object, options?: { singletonKey?: string; startAfterSeconds?: number }): Promise<void>;
}

/** The crawler's network rules (docs/decisions.md, Crawler); production keeps the defaults. */
export interface SpiderRuntimeOptions {
  /** Tests only (`WENKU_SPIDER_ALLOW_PRIVATE=1`): let the crawler reach loopback and private addresses. */
  allowPrivate?: boolean;
  /** Deadline of one request, headers and body. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Per host: time between request starts, and requests at once. */
  hostIntervalMs?: number;
  hostConcurrency?: number;
  /** Links without a document extension checked by their Content-Type, per page. */
  maxTypeChecks?: number;
}

/** Long-lived parts shared by every request of one process. */
export interface Runtime {
  /** Absent in processes that never enqueue (tools); documents then wait for the worker's sweep. */
  queue?: JobQueue;
  storage: Storage;
  settings: SettingsCache;
  /** What `/view/page` checks of converted documents (web processes on a PostgreSQL server; absent elsewhere). */
  pageAccess?: PageAccessCache;
  version: string;
  /** The build's commit and time (from the environment), shown on the admin dashboard. */
  build?: { hash: string; at: string };
  /** Optional fixed JWT secret from the environment; otherwise one is generated and kept in the database. */
  jwtSecret?: string;
  jwtExpiresInDays: number;
  spider?: SpiderRuntimeOptions;
  /** DATA_DIR/initial-admin-password: deleted once the administrator signs in (absent in processes without one). */
  initialAdminPasswordFile?: string;
}

/** What every domain function receives: a request-scoped entity manager, the runtime and the actor. */
export interface DomainContext {
  em: EntityManager;
  runtime: Runtime;
  actor: Actor | null;
  ip: string;
  userAgent?: string;
  /** The language the client asked for (Accept-Language): bad-input messages are worded in it. */
  language?: 'zh-CN' | 'en';
  /** The request's cookies; only the OAuth callback reads one (the state and PKCE verifier of its sign-in). */
  cookies?: Readonly<Record<string, string | undefined>>;
}
