import { PERMISSIONS, type PermissionIdentity, permissionIdentity, ROOT_USER_ID } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import { mayHandOut, mayManageAccount, missingPermissions } from './access.policy.ts';

const ALL = PERMISSIONS.map(permissionIdentity);
const holder = (identities: Iterable<PermissionIdentity>, isRoot = false) => ({
  isRoot,
  identities: new Set(identities),
});

describe('access policy: nobody hands out or takes over more than they hold', () => {
  it('for every pair of catalogue permissions, a holder of one hands out only what it holds', () => {
    for (const mine of ALL) {
      const actor = holder([mine]);
      expect(mayHandOut(actor, [mine])).toBe(true);
      expect(mayHandOut(actor, [])).toBe(true);
      for (const other of ALL) {
        if (other === mine) continue;
        expect(mayHandOut(actor, [other]), `${mine} → ${other}`).toBe(false);
        expect(mayHandOut(actor, [mine, other]), `${mine} → ${mine} + ${other}`).toBe(false);
        expect(mayManageAccount(actor, { id: 2, identities: [mine, other] })).toBe(false);
      }
      expect(missingPermissions(actor, ALL)).toEqual(ALL.filter((i) => i !== mine));
    }
  });

  it('lets a holder manage accounts holding a subset, itself included, but never user 1', () => {
    const full = holder(ALL);
    expect(mayManageAccount(full, { id: 5, identities: ALL })).toBe(true);
    expect(mayManageAccount(full, { id: 5, identities: [] })).toBe(true);
    expect(mayManageAccount(full, { id: ROOT_USER_ID, identities: [] })).toBe(false);
    const root = holder([], true);
    expect(mayManageAccount(root, { id: ROOT_USER_ID, identities: ALL })).toBe(true);
    expect(mayHandOut(root, ALL)).toBe(true);
    expect(missingPermissions(root, ALL)).toEqual([]);
  });
});
