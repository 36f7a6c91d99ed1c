import { identityOf, PERMISSIONS, permissionIdentity } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import { can } from './permissions.ts';

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
