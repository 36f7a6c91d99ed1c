import { createHash, randomBytes } from 'node:crypto';
import {
  Article,
  Attachment,
  Category,
  Document,
  DocumentCategory,
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
import {
  ArticleStatus,
  AttachmentType,
  DocumentStatus,
  PERMISSIONS,
  ROOT_USER_ID,
  SEEDED_GROUP_TITLES,
  SEEDED_NAVIGATION,
} from '@wenku/shared';
import { hashPassword } from '../auth/passwords.ts';
import { documentFileKey } from '../documents/document.service.ts';
import { touchSearchIndex } from '../search/indexer.service.ts';
import { ensureConfigRows } from '../settings/settings.service.ts';
import type { Storage } from '../storage/storage.ts';
import { seedDemoAccounts } from './demo-library.ts';
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
        title: SEEDED_GROUP_TITLES.admins,
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
        title: SEEDED_GROUP_TITLES.members,
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
      { ...SEEDED_NAVIGATION.home, sort: 102400 },
      { ...SEEDED_NAVIGATION.documents, sort: 102300 },
      { ...SEEDED_NAVIGATION.articles, sort: 102200 },
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

    // The single pages the footer links to (moredoc-facts §5), approved, written by the administrator.
    const pages: [string, string][] = [
      ['about', '关于我们'],
      ['agreement', '文库协议'],
      ['contact', '联系我们'],
      ['feedback', '意见反馈'],
      ['copyright', '免责声明'],
      ['help', '使用帮助'],
    ];
    const seeded = [];
    for (const [identifier, title] of pages) {
      if (await tem.count(Article, { identifier })) continue;
      const content = `<p>请输入【${title}】的内容</p>`;
      const page = tem.create(Article, {
        identifier,
        title,
        content,
        description: `请输入【${title}】的内容`,
        userId: ROOT_USER_ID,
        status: ArticleStatus.Approved,
      });
      seeded.push(page);
    }
    await tem.flush();
    await touchSearchIndex(
      tem,
      1,
      seeded.map((a) => a.id),
    );
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
  const group = await em.findOne(Group, { title: SEEDED_GROUP_TITLES.admins });
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

const DEMO_DOCUMENTS: { title: string; category: string; price: number; text: string }[] = [
  {
    title: '文库使用指南',
    category: '实用文档',
    price: 0,
    text: '欢迎使用文库！\n\n上传文档：登录后点击页面右上角的“上传文档”，选择文件并填写标题、分类与价格，提交后文档会自动转换为可在线阅读的页面。\n\n阅读与下载：在文档页面可以逐页阅读，免费文档可直接下载，付费文档需要消耗积分。\n\n每日签到与积分：每天签到可以获得积分，上传的文档被下载时你也会获得积分。\n',
  },
  {
    title: '高中数学公式速查',
    category: '高中教育',
    price: 2,
    text: '一、集合与函数\n交集、并集与补集的运算；函数的定义域、值域与单调性。\n\n二、三角函数\nsin²α + cos²α = 1；tanα = sinα / cosα；诱导公式与和差角公式。\n\n三、数列\n等差数列通项 an = a1 + (n-1)d；等比数列通项 an = a1·q^(n-1)。\n\n四、导数\n(xⁿ)′ = n·xⁿ⁻¹；(sin x)′ = cos x；(eˣ)′ = eˣ。\n',
  },
  {
    title: 'TypeScript 入门笔记',
    category: 'IT/计算机',
    price: 1,
    text: 'TypeScript 是 JavaScript 的超集，为代码加上静态类型。\n\nlet count: number = 0;\nfunction greet(name: string): string { return "你好，" + name; }\n\n接口（interface）描述对象的形状，泛型让函数适用于多种类型。严格模式（strict）能在编译时发现更多错误。\n',
  },
];

/**
 * Demo content for a new site, so it is not empty (SEED_DEMO=0 turns it off), once: nothing happens when the site
 * has categories. Both modes create the category tree. `small` (tests, benchmarks) adds three one-page text
 * documents owned by the administrator, queued for conversion like any upload; `full` (a newcomer's first start) adds
 * the demo member and articles, and asks for the library that buildDemoLibrary writes in the background.
 */
export async function seedDemo(
  em: EntityManager,
  storage?: Storage,
  mode: 'small' | 'full' = 'small',
): Promise<boolean> {
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
    if (mode === 'full') return seedDemoAccounts(tem);
    const admin = await tem.findOne(User, { id: ROOT_USER_ID });
    if (!storage || !admin) return;
    for (const demo of DEMO_DOCUMENTS) {
      const bytes = Buffer.from(demo.text, 'utf8');
      const hash = createHash('md5').update(bytes).digest('hex');
      const key = documentFileKey(hash, '.txt');
      if (!(await storage.exists(key))) await storage.put(key, bytes);
      const leaf = await tem.findOne(Category, { title: demo.category, type: 0 });
      const path = leaf ? [leaf.id, ...(leaf.parentId ? [leaf.parentId] : [])] : [];
      const attachment = tem.create(Attachment, {
        hash,
        userId: admin.id,
        type: AttachmentType.Document,
        path: `/${key}`,
        name: `${demo.title}.txt`,
        size: bytes.length,
        ext: '.txt',
      });
      await tem.flush();
      const doc = tem.create(Document, {
        uuid: randomBytes(8).toString('hex'),
        title: demo.title,
        keywords: '',
        userId: admin.id,
        attachmentId: attachment.id,
        hash,
        size: bytes.length,
        ext: '.txt',
        price: demo.price,
        status: DocumentStatus.Pending,
      });
      await tem.flush();
      attachment.typeId = doc.id;
      for (const categoryId of path) tem.create(DocumentCategory, { documentId: doc.id, categoryId });
      await tem.flush();
      if (path.length) {
        await tem.execute(
          `update category set doc_count = doc_count + 1 where id in (${path.map(() => '?').join(',')})`,
          path,
        );
      }
      await tem.execute('update "user" set doc_count = doc_count + 1 where id = ?', [admin.id]);
    }
  });
  return true;
}
