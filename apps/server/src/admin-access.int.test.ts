import { PERMISSIONS, type PermissionKey, permissionIdentity, reasonText } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeDocument } from './testing/factories.ts';
import {
  type RestClient,
  type RestResponse,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from './testing/harness.ts';

/**
 * Issue 15 item 2: nobody grants a group, edits a group, or takes over an account holding a permission they do not
 * hold themselves; user 1 answers to nobody else.
 */

let server: TestServer;
let admin: RestClient;
/** Permission row id by identity (`METHOD path`). */
let permissionId: Map<string, number>;

interface Member {
  client: RestClient;
  id: number;
  username: string;
  password: string;
}

const identityOf = (key: PermissionKey) => {
  const def = PERMISSIONS.find((p) => p.key === key);
  if (!def) throw new Error(key);
  return permissionIdentity(def);
};
const idsOf = (identities: Iterable<string>) =>
  [...identities].map((identity) => {
    const id = permissionId.get(identity);
    if (id === undefined) throw new Error(`no permission row ${identity}`);
    return id;
  });

async function createGroup(title: string) {
  const res = await admin.post<{ id: number }>('/group', { title: `${title}${Date.now().toString(36)}` });
  expect(res.status).toBe(200);
  return res.body.id;
}
async function setPermissions(groupId: number, identities: Iterable<string>) {
  const res = await admin.put('/group/permission', { group_id: groupId, permission_id: idsOf(identities) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
async function memberIn(prefix: string, groupIds: number[]): Promise<Member> {
  const m = await server.api.registerMember(prefix);
  const res = await admin.put('/user', { id: m.id, group_id: groupIds });
  expect(res.status).toBe(200);
  return m;
}

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  admin = await server.api.admin();
  const list = await admin.get<{ permission: { id: number; method: string; path: string }[] }>('/permission/list', {
    size: 1000,
  });
  permissionId = new Map(list.body.permission.map((p) => [permissionIdentity(p), p.id]));
});
afterAll(() => server.close());

/** Sets the permissions of groups straight in the database: the matrix below sets three groups per step. */
async function grantInDatabase(groupIds: number[], identities: Iterable<string>) {
  const groups = `{${groupIds.join(',')}}`;
  await server.sql('delete from group_permission where group_id = any(?::int[])', [groups]);
  await server.sql(
    `insert into group_permission (group_id, permission_id) select g, p.id from unnest(?::int[]) g
     cross join permission p where p.method || ' ' || p.path = any(?::text[])`,
    [groups, `{${[...identities].map((i) => `"${i}"`).join(',')}}`],
  );
}

/** What an attack could have changed, read straight from the database in one statement. */
async function snapshot(userIdList: number[], groupIdList: number[], punishmentId: number) {
  const [row] = await server.sql<{ state: unknown }>(
    `select json_build_object(
       'users', (select json_agg(u order by u.id) from (select id, password, status, email, mobile, tokens_valid_after
         from "user" where id = any(?::int[])) u),
       'memberships', (select json_agg(m order by m.user_id, m.group_id) from (select user_id, group_id
         from user_group where user_id = any(?::int[])) m),
       'grants', (select json_agg(g order by g.group_id, g.permission_id) from (select group_id, permission_id
         from group_permission where group_id = any(?::int[])) g),
       'groups', (select json_agg(g order by g.id) from "group" g where g.id = any(?::int[])),
       'punishment', (select row_to_json(p) from punishment p where p.id = ?)) as state`,
    [`{${userIdList}}`, `{${userIdList}}`, `{${groupIdList}}`, `{${groupIdList}}`, punishmentId],
  );
  return row?.state;
}

function expectRefused(res: RestResponse, message: string, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(403);
  expect(res.body, what).toMatchObject({ code: 'FORBIDDEN', message });
}

/** What each attack needs to get past the procedure gate at all. */
const REACH: readonly PermissionKey[] = [
  'UserAPI.AddUser',
  'UserAPI.SetUser',
  'UserAPI.UpdateUserProfile',
  'UserAPI.DeleteUser',
  'GroupAPI.UpdateGroup',
  'GroupAPI.DeleteGroup',
  'GroupAPI.UpdateGroupPermission',
  'PunishmentAPI.CreatePunishment',
  'PunishmentAPI.UpdatePunishment',
  'PunishmentAPI.CancelPunishment',
];

describe('administrators hand out and manage only what they hold themselves', () => {
  it('refuses, for every permission of the catalogue, a group holding it to climb above itself', async () => {
    const own = await createGroup('受限管理员');
    const stronger = await createGroup('更强角色');
    const spare = await createGroup('空闲强角色');
    const actor = await memberIn('lim', [own]);
    const target = await memberIn('strong', [stronger]);
    const pun = await admin.post<{ punishment: { id: number }[] }>('/punishment', {
      user_id: [target.id],
      type: [2],
      enable: false,
    });
    const punishmentId = pun.body.punishment[0]?.id ?? 0;
    const reach = REACH.map(identityOf);
    const a = actor.client;

    for (const def of PERMISSIONS) {
      const held = new Set([permissionIdentity(def), ...reach]);
      // One permission more than the actor: the smallest step up.
      const extra = PERMISSIONS.map(permissionIdentity).find((i) => !held.has(i)) ?? '';
      const above = [...held, extra];
      await grantInDatabase([own], held);
      await grantInDatabase([stronger, spare], above);
      const before = await snapshot([actor.id, target.id], [own, stronger, spare], punishmentId);
      const step = `${def.key} + ${extra}`;

      const attacks: [string, string, () => Promise<RestResponse>][] = [
        // (a) into a stronger group: its own account, or a new one it would sign in with.
        [
          'join',
          reasonText('access.group_above_actor'),
          () => a.put('/user', { id: actor.id, group_id: [own, stronger] }),
        ],
        [
          'create',
          reasonText('access.group_above_actor'),
          () =>
            a.post('/user', {
              username: `sock${Date.now().toString(36)}`,
              password: 'sock-puppet-1',
              email: '',
              mobile: '',
              group_id: [stronger],
            }),
        ],
        // (b) an account holding more: password, status, groups, contact (the way into password recovery),
        // deletion, punishments.
        [
          'set password',
          reasonText('access.user_above_actor'),
          () => a.put('/user', { id: target.id, password: 'taken-over-1' }),
        ],
        ['set status', reasonText('access.user_above_actor'), () => a.put('/user', { id: target.id, status: 1 })],
        ['set groups', reasonText('access.user_above_actor'), () => a.put('/user', { id: target.id, group_id: [own] })],
        [
          'password',
          reasonText('access.user_above_actor'),
          () => a.put('/user/password', { id: target.id, new_password: 'taken-over-1' }),
        ],
        [
          'e-mail',
          reasonText('access.user_above_actor'),
          () => a.put('/user/profile', { id: target.id, email: `${actor.username}@evil.example` }),
        ],
        [
          'delete',
          reasonText('access.user_above_actor'),
          () => a.delete('/user', { id: [target.id], password: actor.password }),
        ],
        [
          'punish',
          reasonText('access.user_above_actor'),
          () => a.post('/punishment', { user_id: [target.id], type: [1] }),
        ],
        [
          'update punishment',
          reasonText('access.user_above_actor'),
          () => a.put('/punishment', { id: punishmentId, type: 1, enable: true }),
        ],
        [
          'cancel punishment',
          reasonText('access.user_above_actor'),
          () => a.put('/punishment/cancel', { id: [punishmentId] }),
        ],
        // (c) more permissions for its own group, or edits of a stronger group.
        [
          'grant',
          reasonText('access.permission_above_actor'),
          () => a.put('/group/permission', { group_id: own, permission_id: idsOf(above) }),
        ],
        [
          'strip',
          reasonText('access.group_above_actor'),
          () => a.put('/group/permission', { group_id: stronger, permission_id: idsOf(held) }),
        ],
        [
          'edit group',
          reasonText('access.group_above_actor'),
          () => a.put('/group', { id: spare, title: `改名${Date.now()}`, enable_document_review: false }),
        ],
        ['delete group', reasonText('access.group_above_actor'), () => a.delete('/group', { id: [spare] })],
      ];
      // Independent refusals: sent together to keep the matrix fast.
      const answers = await Promise.all(attacks.map(([, , send]) => send()));
      attacks.forEach(([what, message], i) => {
        expectRefused(answers[i] as RestResponse, message, `${step}: ${what}`);
      });

      expect(await snapshot([actor.id, target.id], [own, stronger, spare], punishmentId), step).toEqual(before);
    }
  }, 120_000);

  it('keeps user 1 out of reach of every other account, full administrators too', async () => {
    const groups = await admin.get<{ group: { id: number; title: string }[] }>('/group/list', {});
    const full = groups.body.group.find((g) => g.title === '超级管理员')?.id ?? 0;
    const other = await memberIn('full', [full]);
    const c = other.client;
    // Its e-mail address is the way into its password recovery.
    expectRefused(
      await c.put('/user/profile', { id: 1, email: 'root@evil.example' }),
      reasonText('access.only_root'),
      'mail',
    );
    expectRefused(
      await c.put('/user', { id: 1, password: 'taken-over-1' }),
      reasonText('access.only_root'),
      'set root',
    );
    expectRefused(
      await c.put('/user/password', { id: 1, new_password: 'taken-over-1' }),
      reasonText('access.only_root'),
      'pw',
    );
    expect((await server.api.admin()).token).toBeTruthy();
    expect((await server.sql<{ email: string }>('select email from "user" where id = 1'))[0]?.email).not.toContain(
      'evil',
    );
  });

  it('lets a full administrator manage a plain member', async () => {
    const groups = await admin.get<{ group: { id: number; title: string; is_default: boolean }[] }>('/group/list', {});
    const full = groups.body.group.find((g) => g.title === '超级管理员')?.id ?? 0;
    const plain = groups.body.group.find((g) => g.is_default)?.id ?? 0;
    const boss = (await memberIn('boss', [full])).client;
    const m = await server.api.registerMember('plain');
    expect(
      (await boss.put('/user', { id: m.id, password: 'reset-by-boss', status: 0, group_id: [plain] })).status,
    ).toBe(200);
    expect((await boss.put('/user/profile', { id: m.id, email: `${m.username}@new.example` })).status).toBe(200);
    const punished = await boss.post<{ punishment: { id: number }[] }>('/punishment', { user_id: [m.id], type: [2] });
    expect(punished.status).toBe(200);
    expect((await boss.put('/punishment/cancel', { id: [punished.body.punishment[0]?.id] })).status).toBe(200);
    expect((await server.api.login(m.username, 'reset-by-boss')).token).toBeTruthy();
  });

  it('lets a user administrator manage members of groups within its own permissions', async () => {
    const own = await createGroup('用户管理员');
    const weaker = await createGroup('较弱角色');
    const held = [
      ...REACH.map(identityOf),
      identityOf('DocumentAPI.ListDocument'),
      identityOf('CommentAPI.ListComment'),
    ];
    await setPermissions(own, held);
    await setPermissions(weaker, [identityOf('DocumentAPI.ListDocument')]);
    const a = (await memberIn('uadm', [own])).client;
    const m = await server.api.registerMember('weak');
    // Grants a group within its permissions, then manages the member who now holds some of them.
    expect((await a.put('/user', { id: m.id, group_id: [weaker] })).status).toBe(200);
    expect((await a.put('/user', { id: m.id, password: 'reset-by-uadm', status: 0 })).status).toBe(200);
    expect((await a.put('/user/profile', { id: m.id, mobile: '13800138000' })).status).toBe(200);
    expect((await a.post('/punishment', { user_id: [m.id], type: [2, 5] })).status).toBe(200);
    // Gives a weaker group another permission it holds itself, and drops one of its own.
    expect(
      (
        await a.put('/group/permission', {
          group_id: weaker,
          permission_id: idsOf([identityOf('DocumentAPI.ListDocument'), identityOf('CommentAPI.ListComment')]),
        })
      ).status,
    ).toBe(200);
    expect((await a.put('/group', { id: weaker, title: `较弱角色改${Date.now()}` })).status).toBe(200);
    expect(
      (
        await a.put('/group/permission', {
          group_id: own,
          permission_id: idsOf(held.filter((i) => i !== identityOf('CommentAPI.ListComment'))),
        })
      ).status,
    ).toBe(200);
    expect((await server.api.login(m.username, 'reset-by-uadm')).token).toBeTruthy();
  });

  it('never lets an administrator lift or change its own punishments', async () => {
    const own = await createGroup('处罚管理员');
    await setPermissions(own, REACH.map(identityOf));
    const a = await memberIn('padm', [own]);
    const p = await admin.post<{ punishment: { id: number }[] }>('/punishment', { user_id: [a.id], type: [2] });
    const id = p.body.punishment[0]?.id;
    expectRefused(
      await a.client.put('/punishment/cancel', { id: [id] }),
      reasonText('moderation.self_punishment'),
      'cancel own',
    );
    expectRefused(
      await a.client.put('/punishment', { id, enable: false }),
      reasonText('moderation.self_punishment'),
      'update own',
    );
  });

  it('keeps permissions out of the default group, which every new account joins', async () => {
    const groups = await admin.get<{ group: { id: number; title: string; is_default: boolean }[] }>('/group/list', {});
    const plain = groups.body.group.find((g) => g.is_default);
    const full = groups.body.group.find((g) => g.title === '超级管理员');
    const grant = await admin.put('/group/permission', {
      group_id: plain?.id,
      permission_id: idsOf([identityOf('UserAPI.ListUser')]),
    });
    expect(grant.status).toBe(400);
    expect(grant.body.message).toBe(reasonText('groups.default_group_holds_no_permission'));
    const flag = await admin.put('/group', { id: full?.id, title: full?.title, is_default: true });
    expect(flag.status).toBe(400);
    expect(flag.body.message).toBe(reasonText('groups.default_group_holds_no_permission'));
    const after = await admin.get<{ group: { id: number; is_default: boolean }[] }>('/group/list', {});
    expect(after.body.group.find((g) => g.is_default)?.id).toBe(plain?.id);
  });
});

describe('deleting a member and the rows that name them (issue 21, foreign keys)', () => {
  it('refuses while a document of theirs sits in the recycle bin, then deletes them with their own rows', async () => {
    const m = await server.api.registerMember('fkdel');
    const doc = await makeDocument(server, { title: '回收站里的文档', userId: m.id, deletedAt: new Date() });
    const other = await makeDocument(server, { title: '别人的文档' });
    expect((await m.client.post('/favorite', { document_id: other.id })).status).toBe(200);
    const remove = () => admin.delete('/user', { id: [m.id], password: TEST_ADMIN_PASSWORD });
    expectRefused(await remove(), reasonText('users.user_has_content'), 'recycle bin');
    expect((await admin.delete('/document/recycle', { id: [doc.id] })).status).toBe(200);
    expect((await remove()).status).toBe(200);
    const left = await server.sql<{ n: string }>(
      'select (select count(*) from favorite where user_id = ?) + (select count(*) from user_group where user_id = ?) as n',
      [m.id, m.id],
    );
    expect(Number(left[0]?.n)).toBe(0);
  });
});
