import { describe, expect, it } from 'vitest';
import { ALWAYS_ALLOWED_ADMIN_PAGES } from './constants.ts';
import {
  allowedAdminPages,
  getPermission,
  identityOf,
  PERMISSIONS,
  permissionIdentity,
  type ServiceKey,
  serviceIdentity,
  visibleAdminMenu,
} from './permissions.ts';

describe('permission catalogue', () => {
  it('has unique keys and identities', () => {
    expect(new Set(PERMISSIONS.map((p) => p.key)).size).toBe(PERMISSIONS.length);
    expect(new Set(PERMISSIONS.map(permissionIdentity)).size).toBe(PERMISSIONS.length);
  });

  it('uses moredoc identities', () => {
    expect(permissionIdentity(getPermission('CategoryAPI.ListCategory'))).toBe('GRPC /api.v1.CategoryAPI/ListCategory');
    expect(permissionIdentity(getPermission('upload.banner'))).toBe('POST /api/v1/upload/banner');
  });

  it("gives an API procedure's identity from its key alone, as the catalogue has it (public pages, issue 17)", () => {
    const procedures = PERMISSIONS.filter((p) => p.method === 'GRPC');
    expect(procedures.length).toBeGreaterThan(100);
    for (const p of procedures) expect(serviceIdentity(p.key as ServiceKey)).toBe(identityOf(p.key));
  });
});

describe('allowedAdminPages (spec §6)', () => {
  it('is empty without permissions', () => {
    expect(allowedAdminPages([])).toEqual([]);
  });

  it('unlocks a group pages only with its list permission, plus the always-allowed pages', () => {
    const pages = allowedAdminPages(['GRPC /api.v1.CategoryAPI/ListCategory']);
    expect(pages).toContain('/admin/document/category');
    expect(pages).toContain('/admin/article/category');
    expect(pages).not.toContain('/admin/user/list');
    for (const p of ALWAYS_ALLOWED_ADMIN_PAGES) expect(pages).toContain(p);
    expect(allowedAdminPages(['GRPC /api.v1.CategoryAPI/UpdateCategory'])).not.toContain('/admin/document/category');
  });

  it('gives any permission holder the always-allowed pages', () => {
    expect(allowedAdminPages(['GRPC /api.v1.CategoryAPI/UpdateCategory'])).toEqual(
      [...ALWAYS_ALLOWED_ADMIN_PAGES].sort(),
    );
  });
});

describe('visibleAdminMenu', () => {
  it('always shows the dashboard and hides groups without allowed children', () => {
    const menu = visibleAdminMenu(allowedAdminPages(['GRPC /api.v1.UserAPI/ListUser']));
    expect(menu.map((m) => m.path)).toEqual(['/admin/dashboard', '/admin/user', '/admin/navigation']);
    expect(menu[1]?.children?.map((c) => c.path)).toEqual(['/admin/user/list']);
  });
});
