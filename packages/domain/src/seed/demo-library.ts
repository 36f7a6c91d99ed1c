import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Article,
  ArticleCategory,
  Category,
  Comment,
  Config,
  DocumentScore,
  type EntityManager,
  Favorite,
  Group,
  User,
  UserGroup,
} from '@wenku/db';
import { AccountStatus, ArticleStatus, DocumentStatus, ROOT_USER_ID } from '@wenku/shared';
import { hashPassword } from '../auth/passwords.ts';
import type { DomainContext } from '../context.ts';
import { createDocumentFromCrawl, documentFileKey } from '../documents/document.service.ts';
import { addDynamic, DynamicType } from '../dynamics/dynamic.service.ts';
import { touchSearchIndex } from '../search/indexer.service.ts';
import { type DemoSpec, demoLibrary } from './demo-library.content.ts';

/**
 * The full demo (issue 20): a member, a few articles at once, then a library of ~36 documents written in the
 * background by the worker's process and converted by the normal pipeline. `internal.demo_library` tells how far it
 * got: `pending` (to build), `building:<ms>` (a process is on it; taken over when older than BUILD_LEASE_MS), `done`.
 */

export const DEMO_MEMBER = 'demo';
const MARKER = { category: 'internal', name: 'demo_library' } as const;
const BUILD_LEASE_MS = 15 * 60_000;

const ARTICLES: { title: string; category: string; html: string }[] = [
  {
    title: '欢迎来到文库：三分钟上手',
    category: '使用帮助',
    html: '<h2>找资料</h2><p>在首页搜索框输入关键词，或按分类浏览。每篇文档都可以在线逐页阅读，手机上也能切换到文字模式。</p><h2>传资料</h2><p>登录后点击右上角“上传文档”，支持 PDF、Word、PPT、Excel、EPUB、TXT 等格式，上传后会自动生成封面与预览。</p><h2>赚积分</h2><p>每日签到、上传的文档被下载，都会获得积分，积分可以用来下载付费文档。</p>',
  },
  {
    title: '文库新增 EPUB 与 PowerPoint 在线预览',
    category: '新闻资讯',
    html: '<p>从本月起，文库支持电子书 EPUB 与演示文稿 PPTX 的在线预览：上传后几秒钟即可逐页阅读，文字内容也能被搜索到。</p><p>欢迎大家上传自己整理的课件与读书笔记。</p>',
  },
  {
    title: 'How to write a document description that gets read',
    category: '使用帮助',
    html: '<p>A good description says who the document is for and what they will be able to do after reading it. Keep it to two sentences and put the most searched words first.</p><p>Add a clear title, pick the most specific category and check the preview before you publish.</p>',
  },
  {
    title: '期末复习资料专区上线',
    category: '新闻资讯',
    html: '<p>期末将至，文库整理了高中、大学各科复习提纲与练习题，免费资料可直接下载，付费资料可用积分兑换。</p>',
  },
];

const COMMENTS_ZH = [
  '内容很全面，复习的时候帮了大忙！',
  '排版清楚，重点突出，收藏了。',
  '感谢分享，正好需要这份资料。',
];
const COMMENTS_EN = ['Clear and to the point, thanks for sharing.', 'Exactly what I was looking for.'];

/**
 * seedDemo's full mode, in its transaction: the demo member (a password nobody knows: an administrator sets one with
 * `npm run cli -- user:password demo <password>` to sign in as it), the articles, and the marker that asks for the
 * library. Documents come later (buildDemoLibrary).
 */
export async function seedDemoAccounts(em: EntityManager): Promise<void> {
  if (!(await em.count(User, { username: DEMO_MEMBER }))) {
    const member = em.create(User, {
      username: DEMO_MEMBER,
      password: await hashPassword(randomBytes(18).toString('base64url')),
      email: '',
      signature: '喜欢整理学习资料的文库会员',
      status: AccountStatus.Normal,
    });
    await em.flush();
    const group = await em.findOne(Group, { isDefault: true }, { orderBy: { id: 'asc' } });
    if (group) {
      em.create(UserGroup, { userId: member.id, groupId: group.id });
      await em.execute('update "group" set user_count = user_count + 1 where id = ?', [group.id]);
    }
    await addDynamic(em, member.id, DynamicType.Register, { kind: 'register' });
  }
  const articles = [];
  for (const [i, a] of ARTICLES.entries()) {
    if (await em.count(Article, { title: a.title })) continue;
    const category = await em.findOne(Category, { title: a.category, type: 1 });
    const text = a.html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const article = em.create(Article, {
      identifier: randomBytes(8).toString('hex'),
      userId: ROOT_USER_ID,
      title: a.title,
      description: text.slice(0, 200),
      content: a.html,
      status: ArticleStatus.Approved,
      viewCount: 40 + i * 17,
      recommendAt: i === 0 ? new Date() : null,
    });
    await em.flush();
    if (category) {
      em.create(ArticleCategory, { articleId: article.id, categoryId: category.id });
      await em.execute('update category set doc_count = doc_count + 1 where id = ?', [category.id]);
    }
    await em.execute('update "user" set article_count = article_count + 1 where id = ?', [ROOT_USER_ID]);
    articles.push(article);
  }
  await em.flush();
  await touchSearchIndex(
    em,
    1,
    articles.map((a) => a.id),
  );
  if (!(await em.count(Config, MARKER))) em.create(Config, { ...MARKER, label: MARKER.name, value: 'pending' });
  await em.flush();
}

/**
 * Takes the build: the marker goes from pending (or a build left unfinished) to building:<now>. A build is left
 * unfinished when its lease ran out, or at once with `takeOver` (the embedded database: one process only, so a build
 * marker is from a stopped run). False when not to build.
 */
async function claim(em: EntityManager, takeOver: boolean): Promise<boolean> {
  const row = await em.findOne(Config, MARKER);
  if (!row) return false;
  const value = row.value;
  const since = value.startsWith('building:') ? Number(value.slice(9)) : Number.NaN;
  if (value !== 'pending' && !(since < (takeOver ? Number.POSITIVE_INFINITY : Date.now() - BUILD_LEASE_MS)))
    return false;
  const taken = await em
    .getConnection()
    .execute(
      'update config set value = ? where category = ? and name = ? and value = ?',
      [`building:${Date.now()}`, MARKER.category, MARKER.name, value],
      'run',
    );
  return (taken as { affectedRows?: number }).affectedRows === 1;
}

/** The file writers, once loaded (the first build loads them; most starts never do). */
let files: typeof import('./demo-files.ts') | undefined;

/** Ends a build's LibreOffice runs (the site is stopping); the build resumes at the next start. */
export function stopDemoLibraryWriters(): void {
  files?.stopDemoWriters();
}

/** The demo documents that exist (deleted ones too: an administrator who removed one does not get it back). */
async function existingTitles(em: EntityManager, owners: number[]): Promise<Set<string>> {
  const rows: { title: string }[] = await em.execute(
    `select title from document where user_id in (${owners.map(() => '?').join(',')})`,
    owners,
  );
  return new Set(rows.map((r) => r.title));
}

async function owners(em: EntityManager) {
  const member = await em.findOne(User, { username: DEMO_MEMBER });
  return { admin: ROOT_USER_ID, member: member?.id ?? ROOT_USER_ID };
}

/**
 * Writes the demo library's files and publishes them as documents queued for the normal conversion, then adds the
 * members' ratings, comments and favourites. Runs once per site (the marker), resumes after a stop without
 * duplicating (titles already there are skipped). Returns the number of documents created, or null when there was
 * nothing to build.
 */
export async function buildDemoLibrary(
  ctx: DomainContext,
  log: (msg: string) => void,
  opts: { takeOver?: boolean; specs?: readonly DemoSpec[] } = {},
): Promise<number | null> {
  const specs = opts.specs ?? demoLibrary();
  if (!(await claim(ctx.em.fork(), !!opts.takeOver))) return null;
  const em = ctx.em.fork();
  const who = await owners(em);
  const have = await existingTitles(em, [who.admin, who.member]);
  const todo = specs.filter((s) => !have.has(s.title));
  const started = Date.now();
  if (todo.length) {
    log(`demo library: writing ${todo.length} documents (LibreOffice)…`);
    const dir = await mkdtemp(join(tmpdir(), 'wenku-demo-'));
    try {
      files = await import('./demo-files.ts');
      const paths = await files.writeDemoFiles(todo, dir);
      const leaves = await em.find(Category, { type: 0 });
      for (const [i, spec] of todo.entries()) {
        const bytes = await readFile(paths[i] ?? '');
        const hash = createHash('md5').update(bytes).digest('hex');
        const ext = `.${spec.format}`;
        const key = documentFileKey(hash, ext);
        if (!(await ctx.runtime.storage.exists(key))) await ctx.runtime.storage.put(key, bytes);
        const leaf = leaves.find((c) => c.title === spec.category);
        await createDocumentFromCrawl(
          { ...ctx, em: ctx.em.fork() },
          {
            userId: spec.member ? who.member : who.admin,
            title: spec.title,
            categoryIds: leaf ? [leaf.id] : [],
            price: spec.price,
            language: spec.language,
            source: '',
            file: { hash, path: `/${key}`, size: bytes.length, ext, name: `${spec.title}${ext}` },
          },
        );
      }
      log(
        `demo library: ${todo.length} documents written in ${Math.round((Date.now() - started) / 1000)} s, queued for conversion`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  await em.transactional(async (tem) => {
    await addInteractions(tem, who.admin, who.member, specs);
    await tem.execute('update config set value = ? where category = ? and name = ?', [
      'done',
      MARKER.category,
      MARKER.name,
    ]);
  });
  return todo.length;
}

/** Ratings on most documents, a few comments on each side, the member's favourites; with their counters and feed. */
async function addInteractions(em: EntityManager, admin: number, member: number, specs: readonly DemoSpec[]) {
  const rows: { id: number; uuid: string; title: string; user_id: number }[] = await em.execute(
    `select id, uuid, title, user_id from document where user_id in (?, ?) and deleted_at is null order by id`,
    [admin, member],
  );
  const titles = new Set(specs.map((s) => s.title));
  const docs = rows.filter((d) => titles.has(d.title));
  const english = new Set(specs.filter((s) => s.language === 'en').map((s) => s.title));
  for (const [i, d] of docs.entries()) {
    const raters = [admin, member].filter((u) => u !== d.user_id || i % 3 === 0);
    for (const [j, userId] of raters.entries()) {
      if (await em.count(DocumentScore, { documentId: d.id, userId })) continue;
      em.create(DocumentScore, { documentId: d.id, userId, score: 500 - ((i + j) % 3) * 100 });
    }
    await em.flush();
    await em.execute(
      `update document set score_count = s.n, score = s.avg, view_count = view_count + ? from
        (select count(*)::int n, round(avg(score))::int avg from document_score where document_id = ?) s where id = ?`,
      [30 + ((i * 37) % 400), d.id, d.id],
    );
    if (i % 3 === 0) {
      const userId = d.user_id === admin ? member : admin;
      const pool = english.has(d.title) ? COMMENTS_EN : COMMENTS_ZH;
      em.create(Comment, { documentId: d.id, type: 0, userId, content: pool[i % pool.length] ?? '', status: 1 });
      await em.execute('update document set comment_count = comment_count + 1 where id = ?', [d.id]);
      await em.execute('update "user" set comment_count = comment_count + 1 where id = ?', [userId]);
      await addDynamic(em, userId, DynamicType.Comment, {
        kind: 'comment',
        target: 'document',
        ref: d.uuid,
        title: d.title,
      });
    }
    if (
      i % 4 === 1 &&
      d.user_id !== member &&
      !(await em.count(Favorite, { userId: member, type: 0, documentId: d.id }))
    ) {
      em.create(Favorite, { userId: member, type: 0, documentId: d.id });
      await em.execute('update document set favorite_count = favorite_count + 1 where id = ?', [d.id]);
      await em.execute('update "user" set favorite_count = favorite_count + 1 where id = ?', [member]);
      await addDynamic(em, member, DynamicType.Favorite, {
        kind: 'favorite',
        target: 'document',
        ref: d.uuid,
        title: d.title,
      });
    }
  }
  await em.flush();
}

/** How far the demo documents got: converted, failed, still waiting. */
export async function demoLibraryProgress(em: EntityManager, specs: readonly DemoSpec[] = demoLibrary()) {
  const who = await owners(em);
  const rows: { title: string; status: number }[] = await em.execute(
    'select title, status from document where user_id in (?, ?) and deleted_at is null',
    [who.admin, who.member],
  );
  const titles = new Set(specs.map((s) => s.title));
  const mine = rows.filter((r) => titles.has(r.title));
  const converted = mine.filter((r) => r.status === DocumentStatus.Converted).length;
  const failed = mine.filter((r) => r.status === DocumentStatus.Failed).length;
  return { total: specs.length, converted, failed, waiting: mine.length - converted - failed };
}
