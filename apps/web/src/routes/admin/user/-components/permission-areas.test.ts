import type { PermissionDTO } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import { groupByArea, permissionArea } from './permission-areas';

const perm = (id: number, method: string, path: string): PermissionDTO => ({
  id,
  method,
  path,
  title: '',
  description: '',
  created_at: '',
  updated_at: '',
});

describe('permission areas of the role editor', () => {
  it('groups GRPC permissions by service and HTTP ones by the segment after /api/v1/', () => {
    expect(permissionArea(perm(1, 'GRPC', '/api.v1.UserAPI/ListUser'))).toBe('api.v1.UserAPI');
    expect(permissionArea(perm(2, 'POST', '/api/v1/upload/banner'))).toBe('upload');
    expect(permissionArea(perm(3, 'GET', '/elsewhere'))).toBe('other');
  });

  it('orders areas as the catalogue does, unknown areas last', () => {
    const areas = groupByArea([
      perm(1, 'POST', '/api/v1/upload/banner'),
      perm(2, 'GRPC', '/api.v1.ZetaAPI/ListZeta'),
      perm(3, 'GRPC', '/api.v1.UserAPI/ListUser'),
      perm(4, 'GRPC', '/api.v1.DocumentAPI/ListDocument'),
      perm(5, 'GRPC', '/api.v1.UserAPI/AddUser'),
    ]);
    expect(areas.map((a) => a.area)).toEqual(['api.v1.DocumentAPI', 'api.v1.UserAPI', 'upload', 'api.v1.ZetaAPI']);
    expect(areas[1]?.items.map((p) => p.id)).toEqual([3, 5]);
  });
});
