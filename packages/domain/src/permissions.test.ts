import { identityOf, PERMISSIONS, permissionIdentity, reasonText } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import { can, permissionName } from './permissions.ts';

const holder = (keys: Parameters<typeof identityOf>[0][], isRoot = false) => ({
  isRoot,
  identities: new Set(keys.map(identityOf)),
});

describe('can(actor, key): permissions named by their typed catalogue key', () => {
  it('holds exactly the permissions of its identities; root holds all, anonymous none', () => {
    const actor = holder(['UserAPI.GetUser']);
    expect(can(actor, 'UserAPI.GetUser')).toBe(true);
    expect(can(actor, 'UserAPI.SetUser')).toBe(false);
    expect(can(holder([], true), 'UserAPI.SetUser')).toBe(true);
    expect(can(null, 'UserAPI.GetUser')).toBe(false);
  });

  it('keys and identities agree for the whole catalogue', () => {
    for (const p of PERMISSIONS) expect(identityOf(p.key)).toBe(permissionIdentity(p));
  });

  it('a raw identity string or an unknown key does not typecheck', () => {
    const actor = holder(['UserAPI.GetUser']);
    // @ts-expect-error a permission is named by its key, not its `METHOD path` identity
    expect(() => can(actor, 'GRPC /api.v1.UserAPI/GetUser')).toThrow();
    // @ts-expect-error an identity is only made by permissionIdentity()/identityOf()
    expect(actor.identities.has('GRPC /api.v1.UserAPI/GetUser')).toBe(true);
    // @ts-expect-error a typo in a key
    expect(() => can(actor, 'UserAPI.GetUsr')).toThrow();
  });
});

describe('permissionName(key): the title a refusal quotes (issue 21 item 1)', () => {
  const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

  it('words every catalogue permission in Chinese for Chinese readers and in English for English ones', () => {
    for (const def of PERMISSIONS) {
      const title = permissionName(def.key);
      expect(title.text, def.key).toBe(def.title || def.path);
      expect(title.en, def.key).not.toMatch(CJK);
    }
    const reason = {
      key: 'auth.permission_denied',
      params: { title: permissionName('ConfigAPI.UpdateConfig') },
    } as const;
    expect(reasonText(reason)).toBe('您没有权限访问【更新系统配置】');
    expect(reasonText(reason, 'en')).toBe('You do not have the permission “Update settings”');
    expect(reasonText(reason, 'en')).not.toMatch(CJK);
  });
});
