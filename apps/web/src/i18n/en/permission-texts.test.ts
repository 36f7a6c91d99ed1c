import { ADMIN_PAGE_AREAS, PERMISSION_AREA_LABELS as AREAS_ZH, PERMISSIONS, permissionIdentity } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import { PERMISSION_AREA_LABELS, PERMISSION_TITLES } from './permission-texts';

const CJK = /[\u4e00-\u9fff]/;

describe('English permission texts', () => {
  it('has an English title for every catalogue permission', () => {
    const missing = PERMISSIONS.map(permissionIdentity).filter((id) => !PERMISSION_TITLES[id]?.trim());
    expect(missing).toEqual([]);
    expect(Object.keys(PERMISSION_TITLES).sort()).toEqual(PERMISSIONS.map(permissionIdentity).sort());
  });

  it('has an English label for every permission area', () => {
    const areas = new Set([...ADMIN_PAGE_AREAS.map((a) => a.area), ...Object.keys(AREAS_ZH)]);
    expect([...areas].filter((a) => !PERMISSION_AREA_LABELS[a])).toEqual([]);
  });

  it('is English throughout', () => {
    const texts = [...Object.values(PERMISSION_TITLES), ...Object.values(PERMISSION_AREA_LABELS)];
    expect(texts.filter((s) => CJK.test(s))).toEqual([]);
  });
});
