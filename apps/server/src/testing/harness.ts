import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, tuneHttpServer } from '../app.ts';
import { parseEnv } from '../env.ts';
import { type Booted, boot } from '../runtime.ts';
import { disableCaptchas } from './captcha.ts';
import { TEST_ADMIN_PASSWORD } from './constants.ts';
import { liftRegistrationLimit } from './limits.ts';

export { TEST_ADMIN_PASSWORD };

export interface TestServer {
  url: string;
  booted: Booted;
  api: RestClient;
  /** One SQL statement on the test database (its own entity-manager fork). */
  sql<T>(query: string, params?: unknown[]): Promise<T[]>;
  /** Settings are shared by every test file of a run: call in beforeAll, await the result in afterAll. */
  snapshotConfig(): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface RestResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** A tiny client for `/api/v1` (and any path) that keeps a bearer token. */
export class RestClient {
  constructor(
    readonly base: string,
    public token = '',
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  withToken(token: string) {
    return new RestClient(this.base, token, this.headers);
  }

  /** The same caller talking to another web process of the site. */
  withBase(base: string) {
    return new RestClient(base, this.token, this.headers);
  }

  /** The same client calling from another address: the server trusts X-Forwarded-For from loopback. */
  fromAddress(address: string) {
    return new RestClient(this.base, this.token, { ...this.headers, 'x-forwarded-for': address });
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    data?: Record<string, unknown>,
  ): Promise<RestResponse<T>> {
    let url = `${this.base}${path}`;
    const init: RequestInit = {
      method,
      headers: { ...this.headers, ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
    };
    if (data && (method === 'GET' || method === 'DELETE')) {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(data)) {
        for (const item of Array.isArray(v) ? v : [v]) if (item !== undefined) qs.append(k, String(item));
      }
      url += `?${qs}`;
    } else if (data) {
      init.body = JSON.stringify(data);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    return answer<T>(await fetch(url, init));
  }

  /** Sends `bytes` as the form field `file` named `name` to `POST /api/v1/upload/<kind>`, with the client's token. */
  async upload<T = Record<string, unknown>>(
    kind: string,
    bytes: Uint8Array,
    name: string,
    type?: string,
  ): Promise<RestResponse<T>> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], type ? { type } : {}), name);
    const res = await fetch(`${this.base}/api/v1/upload/${kind}`, {
      method: 'POST',
      body: form,
      headers: { ...this.headers, ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
    });
    return answer<T>(res);
  }

  get<T = Record<string, unknown>>(path: string, query?: Record<string, unknown>) {
    return this.call<T>('GET', `/api/v1${path}`, query);
  }
  post<T = Record<string, unknown>>(path: string, body?: Record<string, unknown>) {
    return this.call<T>('POST', `/api/v1${path}`, body ?? {});
  }
  put<T = Record<string, unknown>>(path: string, body?: Record<string, unknown>) {
    return this.call<T>('PUT', `/api/v1${path}`, body ?? {});
  }
  delete<T = Record<string, unknown>>(path: string, query?: Record<string, unknown>) {
    return this.call<T>('DELETE', `/api/v1${path}`, query);
  }

  /** Signs in and returns a client carrying the token. */
  async login(username: string, password: string): Promise<RestClient> {
    const res = await this.post<{ token: string }>('/user/login', { username, password });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return this.withToken(res.body.token);
  }

  /** Registers a fresh member with a unique name and returns its client and name. */
  async registerMember(prefix = 'u'): Promise<{ client: RestClient; username: string; password: string; id: number }> {
    const username = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const password = 'secret-123';
    const res = await this.post<{ token: string; user: { id: number } }>('/user/register', {
      username,
      password,
      email: `${username}@example.com`,
    });
    if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { client: this.withToken(res.body.token), username, password, id: res.body.user.id };
  }

  admin() {
    return this.login('admin', TEST_ADMIN_PASSWORD);
  }

  /** Saves settings as `{ 'category.name': value }` through PUT /config (an administrator's client); throws if refused. */
  async putConfig(rows: Record<string, string>): Promise<void> {
    const config = Object.entries(rows).map(([key, value]) => {
      const [category, name] = key.split('.');
      return { category, name, value };
    });
    const res = await this.put('/config', { config });
    if (res.status !== 200) throw new Error(`PUT /config: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** An answer's status and body: the JSON parsed, any other text kept as it is. */
async function answer<T>(res: Response): Promise<RestResponse<T>> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T };
}

/** How many answers of a burst had this status. */
export const countStatus = (results: readonly RestResponse[], status: number) =>
  results.filter((r) => r.status === status).length;

/** A client address no other test uses (IPv6 documentation range): limits kept per address start empty. */
export const uniqueAddress = () =>
  `2001:db8:${Array.from({ length: 3 }, () => Math.floor(Math.random() * 0x10000).toString(16)).join(':')}::1`;

/**
 * Boots the whole server against the test database (or the embedded one) on a random loopback port. Every test file
 * starts its own and closes it; data persists in the shared test database, so tests create what they use.
 */
export async function startTestServer(
  opts: {
    databaseUrl?: string;
    embedded?: boolean;
    webDist?: string;
    worker?: boolean;
    /** More environment, e.g. the S3 settings of a test bucket. */
    env?: Record<string, string>;
    /** A DATA_DIR of the test's own, kept when the server closes (a site stopped and started again). */
    dataDir?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'wenku-test-'));
  const env = parseEnv({
    ...opts.env,
    DATABASE_URL: opts.embedded ? undefined : opts.databaseUrl,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    SEED_DEMO: '0',
    NODE_ENV: 'test',
    DB_POOL_MAX: '6',
  });
  const booted = await boot(env, () => {}, { queue: opts.worker, worker: opts.worker });
  if (opts.embedded) {
    await disableCaptchas(booted);
    await liftRegistrationLimit(booted);
  }
  const app = createApp({ ...booted, webDist: opts.webDist });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  tuneHttpServer(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    booted,
    api: new RestClient(url),
    sql: <T>(query: string, params: unknown[] = []) =>
      booted.db.orm.em.fork().getConnection().execute<T[]>(query, params),
    async snapshotConfig() {
      const conn = booted.db.orm.em.fork().getConnection();
      const rows = await conn.execute<{ id: number; value: string }[]>('select id, value from config');
      return async () => {
        for (const r of rows)
          await conn.execute('update config set value = ? where id = ? and value <> ?', [r.value, r.id, r.value]);
        booted.runtime.settings.invalidate();
      };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await booted.shutdown();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
