import { randomBytes } from 'node:crypto';
import {
  Category,
  type EntityManager,
  Friendlink,
  Group,
  GroupPermission,
  Language,
  Navigation,
  Permission,
  User,
  UserGroup,
} from '@wenku/db';
import { PERMISSIONS, ROOT_USER_ID } from '@wenku/shared';
import { hashPassword } from '../auth/passwords.ts';
import { ensureConfigRows } from '../settings/settings.service.ts';
import { LANGUAGES } from './languages.ts';

export interface SeedResult {
  /** Set only when the administrator was created with a generated password: print it once. */
  generatedAdminPassword?: string;
}

/** Syncs the permission table with the catalogue: new rows inserted, titles back-filled, titles edited by admins kept. */
async function syncPermissions(em: EntityManager) {
  const existing = await em.find(Permission, {});
  const byIdentity = new Map(existing.map((p) => [`${p.method} ${p.path}`, p]));
  for (const def of PERMISSIONS) {
    const row = byIdentity.get(`${def.method} ${def.path}`);
    if (!row) em.create(Permission, { method: def.method, path: def.path, title: def.title });
    else if (!row.title) row.title = def.title;
  }
  await em.flush();
}

/**
 * What every installation needs (moredoc-facts §5), applied at each start and idempotent: groups, permissions,
 * settings rows, friend links, languages, fixed navigation, and the administrator when there is no user yet.
 */
export async function seedBase(em: EntityManager, opts: { adminPassword?: string }): Promise<SeedResult> {
  return em.transactional(async (tem) => {
    await syncPermissions(tem);
    await ensureConfigRows(tem);

    if ((await tem.count(Group, {})) === 0) {
      const admins = tem.create(Group, {
        title: '超级管理员',
        description: '系统超级管理员',
        isDisplay: true,
        color: '#e6a23c',
        sort: 100,
        enableUpload: true,
        enableDocumentReview: false,
        enableComment: true,
        enableCommentApproval: false,
        enableArticle: true,
        enableArticleApproval: false,
      });
      tem.create(Group, {
        title: '普通用户',
        description: '普通用户',
        isDefault: true,
        isDisplay: true,
        enableUpload: true,
        enableDocumentReview: true,
        enableComment: true,
        enableCommentApproval: true,
        enableArticle: true,
        enableArticleApproval: true,
      });
      await tem.flush();
      // Unlike moredoc, the administrators' group really administers (docs/decisions.md).
      const perms = await tem.find(Permission, {});
      for (const p of perms) tem.create(GroupPermission, { groupId: admins.id, permissionId: p.id });
    }

    if ((await tem.count(Friendlink, {})) === 0) {
      tem.create(Friendlink, { title: '书栈网', link: 'https://www.bookstack.cn', sort: 2, enable: true });
      tem.create(Friendlink, { title: '魔豆文库', link: 'https://github.com/mnt-ltd/moredoc', sort: 1, enable: true });
    }

    if ((await tem.count(Language, {})) === 0) {
      for (const [i, l] of LANGUAGES.entries()) tem.create(Language, { ...l, sort: LANGUAGES.length - i });
    }

    const fixedNav = [
      { title: '首页', href: '/', sort: 102400 },
      { title: '文库资料', href: '/category', sort: 102300 },
      { title: '文章资讯', href: '/article', sort: 102200 },
    ];
    for (const n of fixedNav) {
      if (!(await tem.count(Navigation, { href: n.href, fixed: true }))) {
        tem.create(Navigation, { ...n, target: '_self', enable: true, fixed: true });
      }
    }
    await tem.flush();

    const result: SeedResult = {};
    if ((await tem.count(User, {})) === 0) {
      const password = opts.adminPassword || randomBytes(9).toString('base64url');
      if (!opts.adminPassword) result.generatedAdminPassword = password;
      await createAdmin(tem, password);
    }
    return result;
  });
}

/** Creates the root administrator (user 1) in the administrators' group. */
export async function createAdmin(em: EntityManager, password: string) {
  const admin = em.create(User, {
    id: (await em.count(User, { id: ROOT_USER_ID })) ? undefined : ROOT_USER_ID,
    username: 'admin',
    password: await hashPassword(password),
    email: '',
  });
  await em.flush();
  // Inserting id 1 explicitly leaves the sequence behind; move it past the highest id.
  await em.execute(`select setval(pg_get_serial_sequence('"user"', 'id'), (select max(id) from "user"))`);
  const group = await em.findOne(Group, { title: '超级管理员' });
  if (group) {
    em.create(UserGroup, { userId: admin.id, groupId: group.id });
    await em.flush();
    await em.execute(
      'update "group" set user_count = (select count(*) from user_group where group_id = ?) where id = ?',
      [group.id, group.id],
    );
  }
  return admin;
}

/** Demo content for a new embedded site, so it is not empty (SEED_DEMO=0 turns it off). Idempotent. */
export async function seedDemo(em: EntityManager): Promise<boolean> {
  if (await em.count(Category, {})) return false;
  await em.transactional(async (tem) => {
    const tree: [string, number, string[]][] = [
      ['教育资料', 0, ['高中教育', '大学教育', '职业考试']],
      ['专业资料', 0, ['IT/计算机', '工程科技', '经管营销']],
      ['实用文档', 0, ['合同协议', '总结汇报', '表格模板']],
      ['电子书', 0, ['文学小说', '人文社科']],
      ['新闻资讯', 1, []],
      ['使用帮助', 1, []],
    ];
    let sort = tree.length;
    for (const [title, type, children] of tree) {
      const parent = tem.create(Category, { title, type, sort: sort--, enable: true });
      await tem.flush();
      for (const [i, c] of children.entries()) {
        tem.create(Category, { title: c, type, parentId: parent.id, sort: children.length - i });
      }
    }
    await tem.flush();
  });
  return true;
}
