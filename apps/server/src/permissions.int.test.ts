import { appRouter, type ProcedureEntry, procedureAt, procedureTable } from '@wenku/api';
import {
  getPermission,
  PERMISSIONS,
  type PermissionKey,
  PunishmentType,
  permissionIdentity,
  reasonText,
} from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REST_ROUTES } from './rest/v1/routes.ts';
import { makeArticle, makeDocument } from './testing/factories.ts';
import { type RestClient, type RestResponse, startTestServer, type TestServer } from './testing/harness.ts';

let server: TestServer;
let member: RestClient;
let restoreConfig: () => Promise<void>;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  restoreConfig = await server.snapshotConfig();
  member = (await server.api.registerMember('perm')).client;
});
afterAll(async () => {
  await restoreConfig();
  await server.close();
});

type Def = ProcedureEntry & { type: 'query' | 'mutation' };
const procedures = [...procedureTable(appRouter)] as [string, Def][];

/** One tRPC call with `{}` as input: its status and `{ code, message }`. */
async function callTrpc(path: string, type: 'query' | 'mutation', token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res =
    type === 'query'
      ? await fetch(`${server.url}/api/trpc/${path}?input=${encodeURIComponent('{}')}`, { headers })
      : await fetch(`${server.url}/api/trpc/${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        });
  const body = (await res.json()) as { error?: { data?: { wenku?: { code: string; message: string } } } };
  return { status: res.status, wire: body.error?.data?.wenku };
}

describe('every procedure declares who may call it', () => {
  it('has access metadata everywhere and a catalogue permission on every permission procedure', () => {
    for (const [path, def] of procedures) {
      expect(def.meta?.access, path).toMatch(/^(public|member|permission)$/);
      if (def.meta?.access === 'permission') expect(def.meta.permission, path).toBeTruthy();
    }
  });

  it('refuses anonymous callers and plain members through tRPC with 401/403 and { code, message }', async () => {
    for (const [path, def] of procedures) {
      const access = def.meta?.access;
      const anon = await callTrpc(path, def.type, undefined);
      expect(anon.status, `anonymous ${path}`).toBeLessThan(500);
      if (access === 'member' || access === 'permission') {
        expect(anon.status, `anonymous ${path}`).toBe(401);
        expect(anon.wire?.code).toBe('UNAUTHENTICATED');
      }
      // Signing out would revoke the member's token for the rest of the loop (covered in accounts.int.test.ts).
      if (path === 'user.logout') continue;
      const asMember = await callTrpc(path, def.type, member.token);
      expect(asMember.status, `member ${path}`).toBeLessThan(500);
      if (access === 'permission') {
        expect(asMember.status, `member ${path}`).toBe(403);
        expect(asMember.wire?.code).toBe('FORBIDDEN');
        expect(asMember.wire?.message).toMatch(/^您没有权限访问【.+】$/);
      }
    }
  });

  it('refuses the same through every /api/v1 route', async () => {
    for (const route of REST_ROUTES) {
      const name = typeof route.procedure === 'string' ? route.procedure : route.procedure({}, null);
      const access = procedureAt(appRouter, name)?.meta?.access;
      const anon = await server.api.call(route.method, `/api/v1${route.path}`, {});
      expect(anon.status, `anonymous ${route.method} ${route.path}`).toBeLessThan(500);
      expect(anon.body, route.path).toEqual(
        anon.status === 200
          ? expect.anything()
          : expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      );
      if (access === 'member' || access === 'permission')
        expect(anon.status, `${route.method} ${route.path}`).toBe(401);
      if (name === 'user.logout') continue;
      const asMember = await member.call(route.method, `/api/v1${route.path}`, {});
      expect(asMember.status, `member ${route.method} ${route.path}`).toBeLessThan(500);
      if (access === 'permission') expect(asMember.status, `member ${route.method} ${route.path}`).toBe(403);
    }
  });

  it('refuses image uploads that need a permission to plain members', async () => {
    for (const kind of ['banner', 'category', 'config']) {
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
      expect((await server.api.upload(kind, png, 'a.png')).status).toBe(401);
      expect((await member.upload(kind, png, 'a.png')).status).toBe(403);
    }
  });

  it('lets the administrator in everywhere the member was refused', async () => {
    const admin = await server.api.admin();
    const res = await admin.get<{ total: number }>('/permission/list');
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(50);
  });
});

const permissionOf = (def: Def) => def.meta?.permission as PermissionKey | undefined;
const routeProcedure = (route: (typeof REST_ROUTES)[number]) =>
  typeof route.procedure === 'string' ? route.procedure : route.procedure({}, null);
const routeKey = (route: (typeof REST_ROUTES)[number]) => `${route.method} ${route.path}`;

/**
 * The status of every procedure (tRPC, `{}` input) and every /api/v1 route (empty input) for one caller, but
 * sign-out (it would revoke the token for the rest of the calls).
 */
async function answersOf(client: RestClient): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const [path, def] of procedures) {
    if (path === 'user.logout') continue;
    out.set(path, (await callTrpc(path, def.type, client.token)).status);
  }
  for (const route of REST_ROUTES) {
    if (routeProcedure(route) === 'user.logout') continue;
    out.set(routeKey(route), (await client.call(route.method, `/api/v1${route.path}`, {})).status);
  }
  return out;
}

/** A document of `userId`, converted and public, straight in the database. */
async function documentOf(userId: number) {
  return (await makeDocument(server, { title: '权限测试文档', userId })).id;
}

describe('punished members', () => {
  /** The actions a punishment names, each with input that passes validation, and the refusal it must meet. */
  const ACTIONS: Record<number, { name: string; send: (m: Fixture) => Promise<RestResponse>; refusal: RegExp }[]> = {
    [PunishmentType.NoComment]: [
      {
        name: 'comment',
        send: (m) => m.client.post('/comment', { document_id: m.publicDoc, type: 0, content: '你好' }),
        refusal: /^您已被禁止评论/,
      },
    ],
    [PunishmentType.NoUpload]: [
      {
        name: 'create document',
        send: (m) =>
          m.client.post('/document', { category_id: [], document: [{ title: '新文档', attachment_id: m.file }] }),
        refusal: /^您已被禁止上传文档/,
      },
      {
        name: 'upload file',
        send: (m) => m.client.upload('document', Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf'),
        refusal: /^您已被禁止上传文档/,
      },
      {
        name: 'edit document',
        send: (m) => m.client.put('/document', { id: m.ownDoc, title: '改过的标题' }),
        refusal: /^您已被禁止上传文档/,
      },
    ],
    [PunishmentType.NoDownload]: [
      {
        name: 'download',
        send: (m) => m.client.get('/document/download', { id: m.publicDoc }),
        refusal: /^您已被禁止下载文档/,
      },
    ],
    [PunishmentType.NoFavorite]: [
      {
        name: 'favourite',
        send: (m) => m.client.post('/favorite', { document_id: m.publicDoc, type: 0 }),
        refusal: /^您已被禁止使用收藏功能/,
      },
    ],
    [PunishmentType.NoArticle]: [
      {
        name: 'post article',
        send: (m) => m.client.post('/article', { title: '新文章', content: '<p>内容</p>' }),
        refusal: /^您已被禁止发布文章/,
      },
      {
        name: 'edit article',
        send: (m) => m.client.put('/article', { id: m.ownArticle, content: '<p>改过的内容</p>' }),
        refusal: /^您已被禁止发布文章/,
      },
    ],
  };

  interface Fixture {
    client: RestClient;
    id: number;
    publicDoc: number;
    ownDoc: number;
    ownArticle: number;
    file: number;
  }

  /** A member with a public document, a public article and an uploaded file of their own. */
  async function fixture(prefix: string, publicDoc: number): Promise<Fixture> {
    const m = await server.api.registerMember(prefix);
    const article = await makeArticle(server, { userId: m.id, title: '权限测试文章' });
    const [file] = await server.sql<{ id: number }>(
      `insert into attachment (hash, user_id, type, path, name, size, ext)
       values (md5(random()::text), ?, 2, '/documents/x.pdf', 'x.pdf', 10, '.pdf') returning id`,
      [m.id],
    );
    return {
      client: m.client,
      id: m.id,
      publicDoc,
      ownDoc: await documentOf(m.id),
      ownArticle: article?.id ?? 0,
      file: file?.id ?? 0,
    };
  }

  it('get the answers of a plain member everywhere, and the refusal of their punishment at every action it names', async () => {
    const admin = await server.api.admin();
    // Comments without a captcha, so that a comment reaches the punishment check.
    await admin.putConfig({ 'security.enable_captcha_comment': 'false', 'security.comment_interval': '0' });
    const publicDoc = await documentOf((await server.api.registerMember('pubdoc')).id);
    const plain = await fixture('plain', publicDoc);
    const expected = await answersOf(plain.client);
    expect([...expected.values()].filter((status) => status >= 500)).toEqual([]);

    const types = Object.keys(ACTIONS).map(Number);
    const members = await Promise.all(types.map((type) => fixture(`pun${type}`, publicDoc)));
    for (const [i, type] of types.entries()) {
      const punished = await admin.post('/punishment', { user_id: [members[i]?.id], type: [type], reason: '测试' });
      expect(punished.status).toBe(200);
    }
    // One member per punishment, asked side by side (each member's own calls stay in order).
    const answers = await Promise.all(members.map((m) => answersOf(m.client)));
    for (const [i, type] of types.entries()) {
      const differing = [...expected].filter(([key, status]) => answers[i]?.get(key) !== status);
      expect(differing, `punishment ${type}`).toEqual([]);
    }
    for (const [i, type] of types.entries()) {
      const m = members[i] as Fixture;
      for (const [other, actions] of Object.entries(ACTIONS)) {
        for (const action of actions) {
          const res = await action.send(m);
          const what = `punishment ${type}: ${action.name} ${JSON.stringify(res.body)}`;
          if (Number(other) === type) {
            expect(res.status, what).toBe(403);
            expect(String(res.body.message), what).toMatch(action.refusal);
          } else {
            expect(res.status, what).toBeLessThan(500);
            expect(String(res.body.message ?? ''), what).not.toMatch(/^您已被禁止/);
          }
        }
      }
    }
  }, 120_000);

  it('with a disabled account are anonymous everywhere', async () => {
    const admin = await server.api.admin();
    const m = await server.api.registerMember('disabled');
    await admin.post('/punishment', { user_id: [m.id], type: [PunishmentType.DisableAccount] });
    const [anonymous, answers] = await Promise.all([answersOf(server.api), answersOf(m.client)]);
    expect([...anonymous].filter(([key, status]) => answers.get(key) !== status)).toEqual([]);
  }, 60_000);
});

describe('an administrator holding one permission', () => {
  let group: number;
  let holder: RestClient;
  const byPermission = new Map<string, [string, Def][]>();
  for (const entry of procedures) {
    const key = permissionOf(entry[1]);
    if (key) byPermission.set(key, [...(byPermission.get(key) ?? []), entry]);
  }

  beforeAll(async () => {
    const admin = await server.api.admin();
    const created = await admin.post<{ id: number }>('/group', { title: `单一权限${Date.now().toString(36)}` });
    group = created.body.id;
    const m = await server.api.registerMember('one');
    await admin.put('/user', { id: m.id, group_id: [group] });
    holder = m.client;
  });

  /** Gives the holder's group exactly this permission (straight in the database: one step per permission). */
  async function holdOnly(key: PermissionKey) {
    await server.sql('delete from group_permission where group_id = ?', [group]);
    await server.sql(
      "insert into group_permission (group_id, permission_id) select ?, id from permission where method || ' ' || path = ?",
      [group, permissionIdentity(getPermission(key))],
    );
  }

  /** tRPC batch of every procedure of a type: one request, answers in order. */
  async function batch(entries: [string, Def][], type: 'query' | 'mutation') {
    const paths = entries.map(([path]) => path).join(',');
    const input = JSON.stringify(Object.fromEntries(entries.map((_, i) => [i, {}])));
    const headers = { authorization: `Bearer ${holder.token}` };
    const res =
      type === 'query'
        ? await fetch(`${server.url}/api/trpc/${paths}?batch=1&input=${encodeURIComponent(input)}`, { headers })
        : await fetch(`${server.url}/api/trpc/${paths}?batch=1`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: input,
          });
    const body = (await res.json()) as { error?: { data?: { httpStatus: number; wenku?: { message: string } } } }[];
    return body.map((r) => ({ status: r.error?.data?.httpStatus ?? 200, message: r.error?.data?.wenku?.message }));
  }

  it('is refused every other permission procedure through tRPC, for every permission of the catalogue', async () => {
    for (const def of PERMISSIONS) {
      await holdOnly(def.key);
      for (const type of ['query', 'mutation'] as const) {
        const others = procedures.filter(
          ([, d]) => d.type === type && d.meta?.access === 'permission' && permissionOf(d) !== def.key,
        );
        const answers = await batch(others, type);
        others.forEach(([path, d], i) => {
          const title = getPermission(permissionOf(d) as PermissionKey).title;
          expect(answers[i], `${def.key} → ${path}`).toEqual({
            status: 403,
            message: reasonText({ key: 'auth.permission_denied', params: { title: title } }),
          });
        });
      }
      // Its own procedures let it through the gate and do not fail (with an empty input, mostly a refusal of it).
      for (const [path, d] of byPermission.get(def.key) ?? []) {
        const own = await callTrpc(path, d.type, holder.token);
        expect(own.status, `${def.key} → ${path}`).toBeLessThan(500);
        expect(own.wire?.message ?? '', `${def.key} → ${path}`).not.toMatch(/^您没有权限访问/);
      }
    }
  }, 120_000);

  it('is refused every other permission route of /api/v1, and no route fails', async () => {
    const sample: PermissionKey[] = [
      'UserAPI.SetUser',
      'UserAPI.UpdateUserProfile',
      'GroupAPI.UpdateGroupPermission',
      'PunishmentAPI.CreatePunishment',
      'DocumentAPI.ListDocument',
      'ArticleAPI.UpdateArticle',
      'ConfigAPI.ListConfig',
      'upload.article',
    ];
    for (const key of sample) {
      await holdOnly(key);
      for (const route of REST_ROUTES) {
        const name = routeProcedure(route);
        if (name === 'user.logout') continue;
        const needs = permissionOf(procedureAt(appRouter, name) as Def);
        const res = await holder.call(route.method, `/api/v1${route.path}`, {});
        const what = `${key} → ${routeKey(route)}`;
        expect(res.status, what).toBeLessThan(500);
        if (needs && needs !== key) {
          expect(res.status, what).toBe(403);
          expect(res.body, what).toMatchObject({
            code: 'FORBIDDEN',
            message: reasonText({ key: 'auth.permission_denied', params: { title: getPermission(needs).title } }),
          });
        }
      }
      // The image uploads a permission names (the article kind is open to members who may publish).
      for (const kind of ['banner', 'category', 'config']) {
        const res = await holder.upload(kind, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'a.png');
        expect(res.status, `${key} → upload ${kind}`).toBe(403);
      }
    }
  }, 120_000);
});
