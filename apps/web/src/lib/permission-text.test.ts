import { getPermission } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import { englishPermissionTitle, permissionAreaLabel, permissionTitle } from './permission-text';

const banner = getPermission('BannerAPI.DeleteBanner');

describe('permission texts for the reader', () => {
  it('shows the English title while the stored title is the catalogue’s', () => {
    expect(permissionTitle(banner, 'en')).toBe('Delete banners');
    expect(permissionTitle(banner, 'zh-CN')).toBe(banner.title);
  });

  it('keeps a title an administrator wrote', () => {
    expect(permissionTitle({ ...banner, title: '删轮播' }, 'en')).toBe('删轮播');
  });

  it('translates area labels and catalogue titles', () => {
    expect(permissionAreaLabel('api.v1.BannerAPI', 'en')).toBe('Banners');
    expect(permissionAreaLabel('api.v1.BannerAPI', 'zh-CN')).toBe('轮播图管理');
    expect(permissionAreaLabel('api.v1.Unknown', 'en')).toBe('api.v1.Unknown');
    expect(englishPermissionTitle(banner.title)).toBe('Delete banners');
    expect(englishPermissionTitle('别的')).toBe('别的');
  });
});
