import { ensureConfigRows } from '@wenku/domain/settings';
import { getPermission, HTML_CONFIG_KEYS, permissionIdentity, reasonText } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/**
 * Settings that pages show as HTML (footer statement, closed-site statement, WeChat and download-code tips) are
 * sanitized with the shared settings allow-list when an administrator saves them, through tRPC and /api/v1 alike,
 * not only filtered when shown; the analytics code (served as /analytics.js, never as markup) is kept as written.
 */
let server: TestServer;
let admin: RestClient;
let restoreConfig: () => Promise<void>;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  admin = await server.api.admin();
  restoreConfig = await server.snapshotConfig();
});
afterAll(async () => {
  await restoreConfig();
  await server.close();
});

const split = (key: string) => {
  const [category = '', name = ''] = key.split('.');
  return { category, name };
};

async function stored(key: string): Promise<string | undefined> {
  const { category, name } = split(key);
  const [row] = await server.sql<{ value: string }>('select value from config where category = ? and name = ?', [
    category,
    name,
  ]);
  return row?.value;
}

/** Saves through tRPC (system.updateConfig), as the back office does. */
async function saveTrpc(token: string, rows: { category: string; name: string; value: string }[]) {
  const res = await fetch(`${server.url}/api/trpc/system.updateConfig`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ config: rows }),
  });
  const body = (await res.json()) as { error?: { data?: { wenku?: { code: string; message: string } } } };
  return { status: res.status, wire: body.error?.data?.wenku };
}

const HOSTILE =
  '<p>保存 <b>bold</b> <a href="https://example.com/x" target="_blank">ok</a></p>' +
  '<img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a><script>alert(1)</script>' +
  '<a href="java\tscript:alert(2)">tab</a><div onclick="alert(3)" style="color:red">d</div>';
const CLEAN =
  '<p>保存 <b>bold</b> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">ok</a></p>' +
  '<a>bad</a><a>tab</a><div>d</div>';

function expectClean(value: string | undefined) {
  expect(value).toBe(CLEAN);
  expect(value).not.toMatch(/<script|<img|onerror|onclick|javascript:/i);
  expect(value).not.toContain('\u0000');
}

describe('settings HTML is sanitized when saved', () => {
  it.each(HTML_CONFIG_KEYS)('%s through /api/v1', async (key) => {
    const res = await admin.put('/config', { config: [{ ...split(key), value: HOSTILE }] });
    expect(res.status).toBe(200);
    expectClean(await stored(key));
    const list = await admin.get<{ config: { category: string; name: string; value: string }[] }>('/config/list', {
      category: split(key).category,
    });
    expectClean(list.body.config.find((r) => `${r.category}.${r.name}` === key)?.value);
    const pub = await server.api.get<Record<string, Record<string, unknown>>>('/settings');
    const { category, name } = split(key);
    expectClean(pub.body[category]?.[name] as string | undefined);
  });

  it.each(HTML_CONFIG_KEYS)('%s through tRPC', async (key) => {
    const res = await saveTrpc(admin.token, [{ ...split(key), value: HOSTILE }]);
    expect(res.status).toBe(200);
    expectClean(await stored(key));
  });

  it.each(HTML_CONFIG_KEYS)('%s: NUL characters, raw or as references, never reach the row', async (key) => {
    await admin.putConfig({ [key]: '<b>before</b>' });
    // A raw NUL is refused by the input gate (PostgreSQL text cannot hold it), and nothing changes.
    const raw = await admin.put('/config', { config: [{ ...split(key), value: '<b>a\u0000b</b><script>x</script>' }] });
    expect(raw.status).toBe(400);
    expect(raw.body.message).toBe(reasonText('common.bad_characters'));
    const trpc = await saveTrpc(admin.token, [{ ...split(key), value: 'a\u0000b' }]);
    expect(trpc.status).toBe(400);
    expect(await stored(key)).toBe('<b>before</b>');
    // A character reference to NUL is stored as the replacement character, never as NUL or a reference to it.
    const ref = await admin.put('/config', { config: [{ ...split(key), value: '<b>a&#0;b&#x0;c</b>' }] });
    expect(ref.status).toBe(200);
    const value = await stored(key);
    expect(value).not.toContain('\u0000');
    expect(value).not.toMatch(/&#0;|&#x0;/i);
    expect(value).toBe('<b>a\ufffdb\ufffdc</b>');
  });

  it('keeps text an administrator writes, ampersands and quotes included', async () => {
    const key = 'display.copyright_statement';
    await admin.putConfig({ [key]: '本站 © 2024 A&B “文库” <a href="/article/about">关于</a>' });
    expect(await stored(key)).toBe('本站 © 2024 A&amp;B “文库” <a href="/article/about">关于</a>');
  });
});

describe('settings HTML stored before it was sanitized on save', () => {
  it('is sanitized by the start-up step, every HTML setting, as a save would store it, and then left as it is', async () => {
    for (const key of HTML_CONFIG_KEYS) {
      const { category, name } = split(key);
      await server.sql('update config set value = ? where category = ? and name = ?', [HOSTILE, category, name]);
    }
    await server.sql("update config set value = 'A&B <b>x</b>' where category = 'display' and name = 'wechat_tip'");
    // What every start runs, in its transaction (seedBase).
    const step = () => server.booted.db.orm.em.fork().transactional((em) => ensureConfigRows(em));
    await step();
    for (const key of HTML_CONFIG_KEYS.filter((k) => k !== 'display.wechat_tip')) expectClean(await stored(key));
    expect(await stored('display.wechat_tip')).toBe('A&amp;B <b>x</b>');
    // Clean now: the next start changes nothing.
    const values = await Promise.all(HTML_CONFIG_KEYS.map(stored));
    await step();
    expect(await Promise.all(HTML_CONFIG_KEYS.map(stored))).toEqual(values);
  });
});

describe('settings HTML written into the table by other means than the back office', () => {
  it('goes out filtered in the public settings (REST and tRPC), which pages insert as markup', async () => {
    for (const key of HTML_CONFIG_KEYS) {
      const { category, name } = split(key);
      await server.sql('update config set value = ? where category = ? and name = ?', [HOSTILE, category, name]);
    }
    server.booted.runtime.settings.invalidate();
    const pub = await server.api.get<Record<string, Record<string, unknown>>>('/settings');
    const trpc = await fetch(`${server.url}/api/trpc/system.settings`);
    const viaTrpc = ((await trpc.json()) as { result: { data: Record<string, Record<string, unknown>> } }).result.data;
    for (const key of HTML_CONFIG_KEYS) {
      const { category, name } = split(key);
      expectClean(pub.body[category]?.[name] as string | undefined);
      expectClean(viaTrpc[category]?.[name] as string | undefined);
    }
    // The row itself is left as it is until the next start or save.
    expect(await stored('display.copyright_statement')).toBe(HOSTILE);
  });
});

describe('the analytics code', () => {
  it('is kept as written, and served only as script text, never as markup', async () => {
    const code = '<script>var _hmt = _hmt || []; if (1 < 2) {}</script><img src=x onerror=alert(1)>';
    const res = await saveTrpc(admin.token, [{ category: 'system', name: 'analytics', value: code }]);
    expect(res.status).toBe(200);
    expect(await stored('system.analytics')).toBe(code);
    const pub = await server.api.get<{ system: { analytics?: string } }>('/settings');
    expect(pub.body.system.analytics).toBe('var _hmt = _hmt || []; if (1 < 2) {}');
    const js = await fetch(`${server.url}/analytics.js`);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await js.text()).toBe('var _hmt = _hmt || []; if (1 < 2) {}');
  });
});

describe('an administrator without the settings permission', () => {
  it('is refused saving settings through tRPC and /api/v1, and nothing changes', async () => {
    const group = await admin.post<{ id: number }>('/group', { title: `配置只读${Date.now().toString(36)}` });
    expect(group.status).toBe(200);
    const m = await server.api.registerMember('cfgro');
    await admin.put('/user', { id: m.id, group_id: [group.body.id] });
    // Reading settings, and another area's permission: neither lets one save settings.
    for (const key of ['ConfigAPI.ListConfig', 'ArticleAPI.UpdateArticle'] as const) {
      await server.sql('delete from group_permission where group_id = ?', [group.body.id]);
      await server.sql(
        "insert into group_permission (group_id, permission_id) select ?, id from permission where method || ' ' || path = ?",
        [group.body.id, permissionIdentity(getPermission(key))],
      );
      await admin.putConfig({ 'security.close_statement': '<p>closed</p>' });
      const denied = reasonText({
        key: 'auth.permission_denied',
        params: { title: getPermission('ConfigAPI.UpdateConfig').title },
      });
      const rows = [{ category: 'security', name: 'close_statement', value: '<p>changed</p>' }];
      const rest = await m.client.put('/config', { config: rows });
      expect(rest.status, key).toBe(403);
      expect(rest.body).toMatchObject({ code: 'FORBIDDEN', message: denied });
      const trpc = await saveTrpc(m.client.token, rows);
      expect(trpc.status, key).toBe(403);
      expect(trpc.wire).toMatchObject({ code: 'FORBIDDEN', message: denied });
      expect(await stored('security.close_statement')).toBe('<p>closed</p>');
    }
  });
});

describe('English answers quote the names the site ships in English (issue 21 item 1)', () => {
  const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

  it('names a setting by its English label', async () => {
    const english = new RestClient(admin.base, admin.token, { 'accept-language': 'en' });
    const res = await english.put<{ message: string; params: { label: string }; fields: { message: string }[] }>(
      '/config',
      { config: [{ category: 'display', name: 'pages_per_read', value: 'many' }] },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('“Pages per “Continue reading”” must be a whole number');
    expect(res.body.params).toEqual({ label: 'Pages per “Continue reading”' });
    expect(res.body.fields[0]?.message).not.toMatch(CJK);
    // Chinese readers get the stored label, as before.
    const chinese = await admin.put('/config', {
      config: [{ category: 'display', name: 'pages_per_read', value: 'x' }],
    });
    expect(chinese.body.message).toBe('【文档【继续阅读】的页数】必须是整数');
  });

  it('names a refused permission by its English title, through /api/v1 and tRPC', async () => {
    const m = await server.api.registerMember('en403');
    const res = await new RestClient(m.client.base, m.client.token, { 'accept-language': 'en' }).put('/config', {
      config: [{ category: 'system', name: 'sitename', value: 'x' }],
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have the permission “Update settings”');
    const trpc = await fetch(`${server.url}/api/trpc/system.updateConfig`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${m.client.token}`,
        'content-type': 'application/json',
        'accept-language': 'en',
      },
      body: JSON.stringify({ config: [] }),
    });
    const body = (await trpc.json()) as { error: { data: { wenku: { message: string } } } };
    expect(body.error.data.wenku.message).toBe('You do not have the permission “Update settings”');
  });
});
