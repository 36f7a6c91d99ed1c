import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePng } from './testing/files.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

let server: TestServer;
let admin: RestClient;
const uniq = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  admin = await server.api.admin();
});
afterAll(() => server.close());

interface Category {
  id: number;
  title: string;
  parent_id: number;
  enable: boolean;
}

describe('categories', () => {
  it('creates one category per line, skipping titles that exist under the parent', async () => {
    const a = `甲${uniq()}`;
    const b = `乙${uniq()}`;
    const first = await admin.post<{ category: Category[] }>('/category', { title: `${a}\n${b}\n${a}`, type: 0 });
    expect(first.status).toBe(200);
    expect(first.body.category.map((c) => c.title)).toEqual([a, b]);
    const again = await admin.post<{ category: Category[] }>('/category', { title: a, type: 0 });
    expect(again.body.category).toEqual([]);
  });

  it('hides disabled categories from the public and refuses cycles and duplicate titles', async () => {
    const parent = (await admin.post<{ category: Category[] }>('/category', { title: `父${uniq()}` })).body
      .category[0]!;
    const child = (
      await admin.post<{ category: Category[] }>('/category', { title: `子${uniq()}`, parent_id: parent.id })
    ).body.category[0]!;
    await admin.put('/category', { id: child.id, title: child.title, parent_id: parent.id, enable: false });
    const pub = await server.api.get<{ category: Category[] }>('/category/list', { parent_id: parent.id });
    expect(pub.body.category.find((c) => c.id === child.id)).toBeUndefined();
    const adm = await admin.get<{ category: Category[] }>('/category/list', { parent_id: parent.id });
    expect(adm.body.category.find((c) => c.id === child.id)?.enable).toBe(false);
    const cycle = await admin.put('/category', { id: parent.id, title: parent.title, parent_id: child.id });
    expect(cycle.status).toBe(400);
    const sibling = (
      await admin.post<{ category: Category[] }>('/category', { title: `兄${uniq()}`, parent_id: parent.id })
    ).body.category[0]!;
    const dup = await admin.put('/category', { id: sibling.id, title: child.title, parent_id: parent.id });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('分类名称已存在');
  });

  it('keeps fields an update leaves out (a REST client sending only the title)', async () => {
    const parent = (await admin.post<{ category: Category[] }>('/category', { title: `留${uniq()}` })).body
      .category[0]!;
    const child = (
      await admin.post<{ category: Category[] }>('/category', { title: `留子${uniq()}`, parent_id: parent.id })
    ).body.category[0]!;
    const renamed = await admin.put<Category>('/category', { id: child.id, title: `${child.title}改` });
    expect(renamed.status).toBe(200);
    expect(renamed.body.parent_id).toBe(parent.id);
  });

  it('deletes a category with its empty descendants', async () => {
    const parent = (await admin.post<{ category: Category[] }>('/category', { title: `删${uniq()}` })).body
      .category[0]!;
    await admin.post('/category', { title: `删子${uniq()}`, parent_id: parent.id });
    expect((await admin.delete('/category', { id: parent.id })).status).toBe(200);
    const left = await admin.get<{ category: Category[] }>('/category/list', { parent_id: parent.id });
    expect(left.body.category).toEqual([]);
  });

  it('sorts the children of a parent by drag and drop, refusing a stale set and changing nothing then', async () => {
    const parent = (await admin.post<{ category: Category[] }>('/category', { title: `排${uniq()}` })).body
      .category[0]!;
    const made = await admin.post<{ category: Category[] }>('/category', {
      title: `排甲${uniq()}\n排乙${uniq()}\n排丙${uniq()}`,
      parent_id: parent.id,
    });
    const [a, b, c] = made.body.category.map((x) => x.id) as [number, number, number];
    const order = async () =>
      (
        await admin.get<{ category: (Category & { sort: number; title: string })[] }>('/category/list', {
          parent_id: parent.id,
        })
      ).body.category;

    const res = await admin.put('/category/sort', { parent_id: parent.id, type: 0, id: [c, a, b] });
    expect(res.status).toBe(200);
    const sorted = await order();
    expect(sorted.map((x) => x.id)).toEqual([c, a, b]);
    expect(sorted.map((x) => x.sort)).toEqual([3, 2, 1]);
    expect(sorted.find((x) => x.id === a)?.title).toBe(made.body.category[0]!.title);

    const before = sorted.map((x) => [x.id, x.sort]);
    for (const id of [
      [c, a], // one missing
      [c, a, b, parent.id], // one too many
      [c, a, 999_999_999], // a stranger
    ]) {
      const stale = await admin.put('/category/sort', { parent_id: parent.id, type: 0, id });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ code: 'CONFLICT', message: '分类已变化，请刷新后重试' });
    }
    // The children of a parent are those of one type: article categories are another tree.
    const wrongType = await admin.put('/category/sort', { parent_id: parent.id, type: 1, id: [a, b, c] });
    expect(wrongType.status).toBe(409);
    const repeated = await admin.put('/category/sort', { parent_id: parent.id, type: 0, id: [a, a, b] });
    expect(repeated.status).toBe(400);
    expect(repeated.body.code).toBe('VALIDATION_FAILED');
    expect((await order()).map((x) => [x.id, x.sort])).toEqual(before);

    const anonymous = await server.api.put('/category/sort', { parent_id: parent.id, type: 0, id: [a, b, c] });
    expect(anonymous.status).toBe(401);
    const member = (await server.api.registerMember('sort')).client;
    const plain = await member.put('/category/sort', { parent_id: parent.id, type: 0, id: [a, b, c] });
    expect(plain.status).toBe(403);
    expect((await order()).map((x) => [x.id, x.sort])).toEqual(before);
  });

  it('rejects bad input with the field and changes nothing', async () => {
    const res = await admin.post('/category', { title: '', type: 7 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect((res.body.fields as { field: string }[]).map((f) => f.field)).toEqual(
      expect.arrayContaining(['title', 'type']),
    );
  });
});

describe('navigation', () => {
  it('lists the seeded fixed items, which cannot be deleted', async () => {
    const list = await server.api.get<{ navigation: { id: number; href: string; fixed: boolean }[] }>(
      '/navigation/list',
    );
    const home = list.body.navigation.find((n) => n.href === '/' && n.fixed);
    expect(home).toBeTruthy();
    const del = await admin.delete('/navigation', { id: home!.id });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('系统内置导航不能删除');
  });

  it('never lets an update make an item fixed, deletes children with their parent, hides disabled items', async () => {
    const parent = await admin.post<{ id: number; fixed: boolean }>('/navigation', {
      title: `导航${uniq()}`,
      href: 'https://example.com',
      fixed: true,
    });
    expect(parent.body.fixed).toBe(false);
    const child = await admin.post<{ id: number }>('/navigation', {
      title: '子',
      parent_id: parent.body.id,
      enable: false,
    });
    const pub = await server.api.get<{ navigation: { id: number }[] }>('/navigation/list');
    expect(pub.body.navigation.map((n) => n.id)).not.toContain(child.body.id);
    expect((await admin.delete('/navigation', { id: parent.body.id })).status).toBe(200);
    const after = await admin.get<{ navigation: { id: number }[] }>('/navigation/list');
    expect(after.body.navigation.map((n) => n.id)).not.toContain(child.body.id);
    const bad = await admin.post('/navigation', { title: 'x', color: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
  });
});

describe('friend links, banners, languages', () => {
  it('shows the public only enabled friend links, with the fields asked for', async () => {
    const off = await admin.post<{ id: number }>('/friendlink', {
      title: `友${uniq()}`,
      link: 'https://a.example',
      enable: false,
    });
    const pub = await server.api.get<{ friendlink: Record<string, unknown>[] }>('/friendlink/list', {
      field: ['id', 'title', 'link'],
    });
    expect(pub.body.friendlink.map((f) => f.id)).not.toContain(off.body.id);
    expect(Object.keys(pub.body.friendlink[0] ?? {}).sort()).toEqual(['id', 'link', 'title']);
    expect((await admin.post('/friendlink', { title: 'x', link: 'ftp://x' })).status).toBe(400);
  });

  it('refuses a duplicate language code and toggles languages in bulk', async () => {
    const code = `x${String.fromCharCode(97 + Math.floor(Math.random() * 26), 97 + Math.floor(Math.random() * 26))}-t${Date.now() % 100000}`;
    const created = await admin.post<{ id: number; enable: boolean }>('/language', {
      language: '测试语',
      code,
      enable: false,
    });
    expect(created.status).toBe(200);
    const dup = await admin.post('/language', { language: '又一个', code });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('语言代码已存在');
    await admin.put('/language/status', { id: [created.body.id], enable: true });
    const settings = await server.api.get<{ language: { code: string }[] }>('/settings');
    expect(settings.body.language.map((l) => l.code)).toContain(code);
  });

  it('uploads a real banner image and refuses a file that is not an image whatever its name', async () => {
    const png = await makePng(32, 16, '#369');
    const { status, body } = await admin.upload<{
      code: number;
      data: { path: string; width: number; height: number };
    }>('banner', png, 'banner.png');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ width: 32, height: 16 });
    const file = await fetch(`${server.url}${body.data.path}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    const bad = await admin.upload('banner', new TextEncoder().encode('<script>alert(1)</script>'), 'evil.png');
    expect(bad.status).toBe(400);
    const banner = await admin.post<{ id: number }>('/banner', {
      path: body.data.path,
      title: '首页横幅',
      url: 'https://example.com',
    });
    expect(banner.status).toBe(200);
    const pub = await server.api.get<{ banner: { id: number }[] }>('/banner/list');
    expect(pub.body.banner.map((b) => b.id)).toContain(banner.body.id);
  });

  it('sets a member avatar from an upload and refuses deleting an attachment in use', async () => {
    const { client } = await server.api.registerMember('ava');
    const { status, body } = await client.upload<{ data: { id: number; path: string } }>(
      'avatar',
      await makePng(8, 8, '#a33'),
      'me.png',
    );
    expect(status).toBe(200);
    const me = await client.get<{ avatar: string }>('/user');
    expect(me.body.avatar).toBe(body.data.path);
    const del = await admin.delete('/attachment', { id: body.data.id });
    expect(del.status).toBe(403);
  });
});

describe('advertisements', () => {
  it('answers the public by position, inside the time window, without the remark', async () => {
    const now = Date.now();
    const live = await admin.post<{ id: number }>('/advertisement', {
      position: 'global_top',
      title: '在投',
      content: '<b>ad</b>',
      remark: '内部备注',
    });
    const future = await admin.post<{ id: number }>('/advertisement', {
      position: 'global_top',
      title: '未开始',
      start_time: new Date(now + 86_400_000).toISOString(),
    });
    const off = await admin.post<{ id: number }>('/advertisement', {
      position: 'global_top',
      title: '停用',
      enable: false,
    });
    for (const path of ['/advertisement/position', '/advertisement/list']) {
      const res = await server.api.get<{ advertisement: { id: number; remark: string }[] }>(path, {
        position: ['global_top'],
      });
      expect(res.status).toBe(200);
      const ids = res.body.advertisement.map((a) => a.id);
      expect(ids).toContain(live.body.id);
      expect(ids).not.toContain(future.body.id);
      expect(ids).not.toContain(off.body.id);
      expect(res.body.advertisement.every((a) => a.remark === '')).toBe(true);
    }
    expect((await server.api.get('/advertisement/list')).status).toBe(401);
    const adminList = await admin.get<{ total: number }>('/advertisement/list');
    expect(adminList.body.total).toBeGreaterThanOrEqual(3);
    const badWindow = await admin.post('/advertisement', {
      position: 'global_top',
      title: 'x',
      start_time: '2030-01-02',
      end_time: '2030-01-01',
    });
    expect(badWindow.status).toBe(400);
    expect((await admin.post('/advertisement', { position: 'nowhere', title: 'x' })).status).toBe(400);
    const windowed = await admin.post<{ id: number; end_time: string }>('/advertisement', {
      position: 'global_bottom',
      title: '有期限',
      end_time: '2031-01-01T00:00:00Z',
    });
    const edited = await admin.put<{ end_time: string | null }>('/advertisement', {
      id: windowed.body.id,
      position: 'global_bottom',
      title: '改名',
    });
    expect(edited.body.end_time).toBe(windowed.body.end_time);
    const cleared = await admin.put<{ end_time: string | null }>('/advertisement', {
      id: windowed.body.id,
      position: 'global_bottom',
      title: '改名',
      end_time: null,
    });
    expect(cleared.body.end_time).toBeNull();
  });
});

describe('settings', () => {
  it('masks secrets, keeps them when the mask is sent back, and refuses a bad value changing nothing', async () => {
    await admin.put('/config', { config: [{ category: 'email', name: 'password', value: 'smtp-secret' }] });
    const list = await admin.get<{ config: { category: string; name: string; value: string }[] }>('/config/list', {
      category: 'email',
    });
    const row = list.body.config.find((c) => c.name === 'password');
    expect(row?.value).toBe('******');
    await admin.put('/config', { config: [{ category: 'email', name: 'password', value: '******' }] });
    const stored = await server.booted.db.orm.em
      .fork()
      .getConnection()
      .execute("select value from config where category = 'email' and name = 'password'");
    expect(stored[0]?.value).toBe('smtp-secret');
    const bad = await admin.put('/config', {
      config: [
        { category: 'display', name: 'pages_per_read', value: '7' },
        { category: 'security', name: 'max_document_size', value: 'lots' },
      ],
    });
    expect(bad.status).toBe(400);
    const display = await admin.get<{ config: { name: string; value: string }[] }>('/config/list', {
      category: 'display',
    });
    expect(display.body.config.find((c) => c.name === 'pages_per_read')?.value).not.toBe('7');
    const locked = await admin.put('/config', { config: [{ category: 'internal', name: 'jwt_secret', value: 'x' }] });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe('不允许修改此类配置！');
    const settings = await server.api.get<Record<string, Record<string, unknown>>>('/settings');
    expect(JSON.stringify(settings.body)).not.toContain('smtp-secret');
    expect(settings.body.system?.credit_name).toBe('魔豆');
  });

  it('gates the site on the server when it is closed or needs sign-in', async () => {
    const { client } = await server.api.registerMember('gate');
    const set = (name: string, value: string) =>
      admin.put('/config', { config: [{ category: 'security', name, value }] });
    await set('is_close', 'true');
    try {
      expect((await server.api.get('/category/list')).status).toBe(401);
      expect((await client.get('/category/list')).status).toBe(403);
      expect((await admin.get('/category/list')).status).toBe(200);
      expect((await server.api.get('/settings')).status).toBe(200);
      expect((await server.api.get('/user/captcha', { type: 'login' })).status).toBe(200);
    } finally {
      await set('is_close', 'false');
    }
    await set('login_required', 'true');
    try {
      const anon = await server.api.get('/category/list');
      expect(anon.status).toBe(401);
      expect(anon.body.message).toBe('请先登录');
      expect((await client.get('/category/list')).status).toBe(200);
    } finally {
      await set('login_required', 'false');
    }
  });
});

describe('REST route matching', () => {
  it('matches like Express did: any case, one trailing slash, HEAD as GET; unknown paths and methods are 404', async () => {
    expect((await fetch(`${server.url}/api/v1/category/list/`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/Category/List`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/settings`, { method: 'HEAD' })).status).toBe(200);
    const unknown = await fetch(`${server.url}/api/v1/category/nope`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe('NOT_FOUND');
    expect((await fetch(`${server.url}/api/v1/category/list`, { method: 'PATCH' })).status).toBe(404);
  });
});
