import { DocumentStatus } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeDocument, makeDownload } from './testing/factories.ts';
import { makePng } from './testing/files.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/**
 * The contract of MOREDOC Pro's front end (moredoc-pro-facts.md §1, with the wire shapes of moredoc-facts.md): each
 * of its API calls, by the role whose screen makes it, with the request it sends and the fields (and types) that
 * screen reads, against a freshly started site. Calls that need an outside service the fresh site has not configured
 * (payment, SMS, OAuth, WeChat, crawling the web) are held to the error shape the screen shows: `{code, message}`.
 * Rows run in order; a row may keep what it created for later rows (`keep`).
 *
 * Field specs: `a.b:number`; `list[].x:string` reads every item and needs at least one; `?` after the name allows it
 * to be left out (MOREDOC's omitempty) but not to be empty when present; types `number`, `string`, `boolean`,
 * `object`, `array`, `list+` (a non-empty list), `string+` (non-empty text), `null|string`.
 */

type Role = 'anon' | 'member' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Fixtures {
  [key: string]: number | string;
}
interface Row {
  /** The number of the call in moredoc-pro-facts §1. */
  n: number;
  method: Method;
  path: string;
  role: Role;
  input?: (fx: Fixtures) => Record<string, unknown>;
  reads?: string[];
  /** The fresh site refuses it (feature off, outside service): the screen shows `message`. */
  error?: boolean;
  keep?: (body: Record<string, unknown>, fx: Fixtures) => void;
}

let server: TestServer;
const clients = {} as Record<Role, RestClient>;
const fx: Fixtures = {};
const marker = `ct${Date.now().toString(36)}`;
let restoreConfig: () => Promise<void>;

async function insertDocument(d: {
  userId: number;
  title: string;
  status?: DocumentStatus;
  price?: number;
  content: string;
}) {
  const row = await makeDocument(server, {
    ...d,
    language: 'zh-CN',
    pages: 3,
    preview: 3,
    size: 2048,
    categoryIds: [fx.catDoc as number],
  });
  await server.sql('update category set doc_count = doc_count + 1 where id = ?', [fx.catDoc]);
  await server.sql('update "user" set doc_count = doc_count + 1 where id = ?', [d.userId]);
  return row;
}

async function uploadImage(client: RestClient, kind: string): Promise<Record<string, unknown>> {
  return (await client.upload(kind, await makePng(4, 4, '#3366cc'), 'a.png', 'image/png')).body;
}

const TYPE_OK: Record<string, (v: unknown) => boolean> = {
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  string: (v) => typeof v === 'string',
  'string+': (v) => typeof v === 'string' && v !== '',
  boolean: (v) => typeof v === 'boolean',
  object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  array: Array.isArray,
  'list+': (v) => Array.isArray(v) && v.length > 0,
  'null|string': (v) => v === null || typeof v === 'string',
};

/** What is wrong with `body` against one field spec, or null. */
function checkField(body: unknown, spec: string): string | null {
  const [path = '', type = ''] = spec.split(':');
  const check = TYPE_OK[type];
  if (!check) return `unknown type ${type}`;
  const walk = (value: unknown, parts: string[], at: string): string | null => {
    const [head, ...rest] = parts;
    if (head === undefined) return check(value) ? null : `${at} is ${JSON.stringify(value)?.slice(0, 80)}, not ${type}`;
    const optional = head.endsWith('?');
    const list = head.replace('?', '').endsWith('[]');
    const key = head.replace('?', '').replace('[]', '');
    const obj = value as Record<string, unknown> | null;
    if (typeof obj !== 'object' || obj === null) return `${at} is not an object`;
    if (!(key in obj) || obj[key] === undefined) return optional ? null : `${at}${key} is missing`;
    const next = obj[key];
    if (optional && (next === '' || (Array.isArray(next) && next.length === 0)))
      return `${at}${key} is present but empty (${JSON.stringify(next)})`;
    if (!list) return walk(next, rest, `${at}${key}.`);
    if (!Array.isArray(next) || next.length === 0) return `${at}${key} has no items`;
    for (const [i, item] of next.entries()) {
      const problem = walk(item, rest, `${at}${key}[${i}].`);
      if (problem) return problem;
    }
    return null;
  };
  return walk(body, path.split('.'), '');
}

const id = (k: string) => (f: Fixtures) => ({ id: f[k] });
const USER_CARD = ['id:number', 'username:string', 'avatar:string', 'doc_count:number', 'credit_count:number'];
const DOC_ROW = [
  'id:number',
  'uuid:string',
  'title:string',
  'ext:string',
  'size:number',
  'pages:number',
  'price:number',
  'score:number',
  'status:number',
  'created_at:string',
];

/** moredoc-pro-facts §1, in its order (calls the Pro front end never makes are left out, as noted there). */
const CALLS: Row[] = [
  // advertisement
  {
    n: 1,
    method: 'POST',
    path: '/advertisement',
    role: 'admin',
    input: () => ({ position: 'search_right', title: `${marker} 停用广告`, content: '<b>ad</b>', enable: false }),
    reads: ['id:number'],
    keep: (b, f) => {
      f.ad = b.id as number;
    },
  },
  {
    n: 2,
    method: 'PUT',
    path: '/advertisement',
    role: 'admin',
    input: (f) => ({ id: f.ad, position: 'search_right', title: `${marker} 停用广告`, enable: false }),
  },
  { n: 4, method: 'GET', path: '/advertisement', role: 'admin', input: id('ad'), reads: ['id:number', 'title:string'] },
  {
    n: 5,
    method: 'GET',
    path: '/advertisement/position',
    role: 'anon',
    input: () => ({ position: ['global_top'] }),
    reads: ['advertisement:array'],
  },
  {
    n: 6,
    method: 'GET',
    path: '/advertisement/list',
    role: 'admin',
    input: () => ({ position: ['search_right'], page: 1, size: 10 }),
    reads: ['total:number', 'advertisement[].id:number', 'advertisement[].position:string'],
  },
  // article
  {
    n: 7,
    method: 'POST',
    path: '/article',
    role: 'admin',
    input: (f) => ({ title: `${marker} 文章`, content: `<p>${marker} 正文</p>`, category_id: [f.catArt] }),
    reads: ['id:number', 'identifier:string'],
    keep: (b, f) => {
      f.article = b.id as number;
      f.articleIdentifier = b.identifier as string;
    },
  },
  {
    n: 8,
    method: 'PUT',
    path: '/article',
    role: 'admin',
    input: (f) => ({
      id: f.article,
      title: `${marker} 文章`,
      content: `<p>${marker} 正文</p>`,
      category_id: [f.catArt],
    }),
  },
  {
    n: 10,
    method: 'GET',
    path: '/article',
    role: 'anon',
    input: (f) => ({ identifier: f.articleIdentifier }),
    reads: [
      'title:string',
      'content:string',
      'view_count:number',
      'created_at:string',
      'user.username:string',
      'user.doc_count:number',
      'user.article_count:number',
      'category[].title:string',
    ],
  },
  {
    n: 11,
    method: 'GET',
    path: '/article/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10, wd: marker }),
    reads: ['total:number', 'article[].identifier:string', 'article[].category[].title:string'],
  },
  {
    n: 12,
    method: 'GET',
    path: '/article/recycle/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10, wd: marker }),
    reads: ['total:number', 'article[].title:string', 'article[].category[].title:string'],
  },
  {
    n: 16,
    method: 'PUT',
    path: '/article/category',
    role: 'admin',
    input: (f) => ({ article_id: [f.article], category_id: [f.catArt] }),
  },
  {
    n: 17,
    method: 'PUT',
    path: '/article/recommend',
    role: 'admin',
    input: (f) => ({ article_id: [f.article], is_recommend: true }),
  },
  {
    n: 18,
    method: 'PUT',
    path: '/article/check',
    role: 'admin',
    input: (f) => ({ article_id: [f.article], status: 1 }),
  },
  {
    n: 19,
    method: 'GET',
    path: '/article/related',
    role: 'anon',
    input: (f) => ({ identifier: f.articleIdentifier }),
    reads: ['article:array'],
  },
  {
    n: 20,
    method: 'GET',
    path: '/article/search',
    role: 'anon',
    input: () => ({ wd: marker, page: 1, size: 10 }),
    reads: ['total:number', 'spend:string', 'article[].identifier:string', 'article[].title:string'],
  },
  {
    n: 21,
    method: 'POST',
    path: '/article/crawl',
    role: 'admin',
    input: () => ({ url: 'http://127.0.0.1:1/none', mode: 0 }),
    error: true,
  },
  { n: 22, method: 'PUT', path: '/article/index', role: 'admin' },
  // attachments
  {
    n: 26,
    method: 'GET',
    path: '/attachment/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10 }),
    reads: ['total:number', 'attachment[].id:number', 'attachment[].path:string', 'attachment[].username:string'],
    keep: (b, f) => {
      f.attachment = (b.attachment as { id: number }[])[0]!.id;
    },
  },
  { n: 25, method: 'GET', path: '/attachment', role: 'admin', input: id('attachment'), reads: ['id:number'] },
  {
    n: 23,
    method: 'PUT',
    path: '/attachment',
    role: 'admin',
    input: (f) => ({ id: f.attachment, name: 'a.png', description: 'x' }),
  },
  // banner
  {
    n: 28,
    method: 'POST',
    path: '/banner',
    role: 'admin',
    input: (f) => ({ title: `${marker} 横幅`, path: f.bannerPath, url: '/' }),
    reads: ['id:number'],
    keep: (b, f) => {
      f.banner = b.id as number;
    },
  },
  {
    n: 29,
    method: 'PUT',
    path: '/banner',
    role: 'admin',
    input: (f) => ({ id: f.banner, title: `${marker} 横幅`, path: f.bannerPath }),
  },
  { n: 31, method: 'GET', path: '/banner', role: 'admin', input: id('banner'), reads: ['id:number', 'path:string'] },
  {
    n: 32,
    method: 'GET',
    path: '/banner/list',
    role: 'anon',
    input: () => ({ enable: true, field: ['id', 'title', 'path', 'url'] }),
    reads: ['banner[].path:string', 'banner[].title:string'],
  },
  // category
  {
    n: 33,
    method: 'POST',
    path: '/category',
    role: 'admin',
    input: () => ({ title: `${marker} 临时分类`, parent_id: 0, type: 0 }),
  },
  {
    n: 37,
    method: 'GET',
    path: '/category/list',
    role: 'anon',
    input: () => ({ field: ['id', 'parent_id', 'title', 'cover', 'doc_count', 'enable', 'type', 'icon'] }),
    reads: ['category[].id:number', 'category[].title:string', 'category[].parent_id:number'],
  },
  {
    n: 36,
    method: 'GET',
    path: '/category',
    role: 'admin',
    input: id('catDoc'),
    reads: ['id:number', 'title:string'],
  },
  {
    n: 34,
    method: 'PUT',
    path: '/category',
    role: 'admin',
    input: (f) => ({ id: f.catDoc, title: `${marker} 文档分类`, parent_id: 0, enable: true }),
  },
  // comments
  {
    n: 38,
    method: 'POST',
    path: '/comment',
    role: 'member',
    input: (f) => ({ document_id: f.doc, content: `${marker} 评论`, type: 0, parent_id: 0 }),
  },
  {
    n: 42,
    method: 'GET',
    path: '/comment/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10, with_document_title: true, wd: marker }),
    reads: [
      'total:number',
      'comment[].id:number',
      'comment[].content:string',
      'comment[].status:number',
      'comment[].user.username:string',
      'comment[].document_title:string',
    ],
    keep: (b, f) => {
      f.comment = (b.comment as { id: number }[])[0]!.id;
    },
  },
  {
    n: 41,
    method: 'GET',
    path: '/comment',
    role: 'admin',
    input: id('comment'),
    reads: ['id:number', 'content:string'],
  },
  {
    n: 39,
    method: 'PUT',
    path: '/comment',
    role: 'admin',
    input: (f) => ({ id: f.comment, content: `${marker} 评论`, status: 1 }),
  },
  { n: 43, method: 'POST', path: '/comment/check', role: 'admin', input: (f) => ({ id: [f.comment], status: 1 }) },
  // settings and system
  {
    n: 44,
    method: 'GET',
    path: '/settings',
    role: 'anon',
    reads: [
      'system.sitename:string',
      'system.credit_name:string',
      'system.recommend_words?:list+',
      'security.document_allowed_ext?:list+',
      'security.max_document_size:number',
      'footer:object',
      'display:object',
      'download:object',
      'payment:object',
      'vip:object',
      'language[].code:string',
      'language[].language:string',
    ],
  },
  {
    n: 46,
    method: 'GET',
    path: '/settings/recharge',
    role: 'anon',
    reads: ['enable:boolean', 'credit_name:string', 'credit_exchange:number'],
  },
  {
    n: 48,
    method: 'GET',
    path: '/config/list',
    role: 'admin',
    input: () => ({ category: ['system'] }),
    reads: ['config[].name:string', 'config[].label:string', 'config[].value:string', 'config[].input_type:string'],
  },
  {
    n: 47,
    method: 'PUT',
    path: '/config',
    role: 'admin',
    input: () => ({ config: [{ category: 'display', name: 'virtual_register_count', value: '0' }] }),
  },
  {
    n: 49,
    method: 'GET',
    path: '/stats',
    role: 'admin',
    reads: ['document_count:number', 'user_count:number', 'os:string', 'version:string', 'category_count:number'],
  },
  {
    n: 50,
    method: 'GET',
    path: '/envs',
    role: 'admin',
    reads: [
      'envs[].name:string',
      'envs[].is_required:boolean',
      'envs[].is_installed:boolean',
      'envs[].description:string',
      'envs[].checked_at:string',
    ],
  },
  {
    n: 51,
    method: 'GET',
    path: '/license',
    role: 'admin',
    reads: ['type:number', 'max_docs:number', 'max_users:number'],
  },
  { n: 52, method: 'PUT', path: '/sitemap', role: 'admin' },
  {
    n: 53,
    method: 'GET',
    path: '/device',
    role: 'admin',
    reads: ['cpu.cores:number', 'cpu.percent:number', 'memory.total:number', 'memory.used:number', 'disk:array'],
  },
  { n: 54, method: 'GET', path: '/wechatpay/cert', role: 'admin', error: true },
  { n: 55, method: 'PUT', path: '/sqlmode', role: 'admin', input: () => ({ value: 'x' }) },
  { n: 56, method: 'PUT', path: '/renew/document/index', role: 'admin' },
  { n: 57, method: 'GET', path: '/release', role: 'admin', reads: ['source:string', 'tag_name?:string+'] },
  { n: 58, method: 'POST', path: '/release', role: 'admin', error: true },
  { n: 60, method: 'PUT', path: '/release/source', role: 'admin', input: () => ({ source: 'none' }) },
  // documents
  {
    n: 61,
    method: 'POST',
    path: '/document',
    role: 'member',
    input: (f) => ({ category_id: [f.catDoc], document: [{ title: 'x', attachment_id: 99999999 }] }),
    error: true,
  },
  {
    n: 62,
    method: 'PUT',
    path: '/document',
    role: 'member',
    // The edit form sends the document back with its unchanged status.
    input: (f) => ({
      id: f.doc,
      title: `${marker} 我的文档`,
      keywords: '',
      description: '',
      price: 0,
      language: 'zh-CN',
      category_id: [f.catDoc],
      status: 2,
    }),
  },
  {
    n: 63,
    method: 'PUT',
    path: '/document/recommend',
    role: 'admin',
    input: (f) => ({ id: [f.doc], type: 1 }),
  },
  { n: 64, method: 'PUT', path: '/document/reconvert', role: 'admin' },
  {
    n: 66,
    method: 'GET',
    path: '/document',
    role: 'anon',
    // The reading page sends its URL part (here the numeric id) as both id and uuid.
    input: (f) => ({ id: f.doc, uuid: String(f.doc), with_author: true }),
    reads: [
      ...DOC_ROW,
      'description:string',
      'attachment.hash:string',
      'category[].title:string',
      'user.id:number',
      'user.username:string',
      'user.avatar:string',
      'user.signature:string',
      'user.doc_count:number',
      'user.follow_count:number',
      'user.fans_count:number',
    ],
  },
  {
    n: 67,
    method: 'GET',
    path: '/document/related',
    role: 'anon',
    input: id('doc'),
    reads: ['document:array'],
  },
  {
    n: 68,
    method: 'GET',
    path: '/document/home',
    role: 'anon',
    input: () => ({ limit: 5 }),
    reads: ['document[].category_id:number', 'document[].category_name:string', 'document[].document:array'],
  },
  {
    n: 69,
    method: 'GET',
    path: '/document/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10, wd: marker }),
    reads: [
      'total:number',
      ...DOC_ROW.map((d) => `document[].${d}`),
      'document[].username:string',
      'document[].category_id:array',
      'document[].category[].title:string',
    ],
  },
  {
    n: 70,
    method: 'GET',
    path: '/document/search',
    role: 'anon',
    // The search page always sends a language: `all` unless the visitor picked one.
    input: () => ({ wd: marker, page: 1, size: 10, language: 'all', sort: 'default' }),
    reads: ['total:number', 'spend:string', 'document[].title:string', 'document[].description:string'],
  },
  {
    n: 71,
    method: 'GET',
    path: '/document/download',
    role: 'member',
    input: id('doc'),
    reads: ['url:string'],
  },
  { n: 72, method: 'GET', path: '/document/download/vip', role: 'member', input: id('doc'), error: true },
  {
    n: 73,
    method: 'GET',
    path: '/document/recycle',
    role: 'admin',
    input: () => ({ page: 1, size: 10, wd: marker }),
    reads: [
      'total:number',
      'document[].title:string',
      'document[].deleted_username:string',
      'document[].category[].title:string',
    ],
  },
  { n: 74, method: 'PUT', path: '/document/recycle', role: 'admin', input: (f) => ({ id: [f.docDeleted] }) },
  { n: 65, method: 'DELETE', path: '/document', role: 'admin', input: (f) => ({ id: [f.docDeleted] }) },
  { n: 75, method: 'DELETE', path: '/document/recycle', role: 'admin', input: (f) => ({ id: [f.docDeleted] }) },
  { n: 77, method: 'PUT', path: '/document/index', role: 'admin' },
  {
    n: 79,
    method: 'POST',
    path: '/document/score',
    role: 'member',
    input: (f) => ({ document_id: f.docPaid, score: 400 }),
  },
  {
    n: 78,
    method: 'GET',
    path: '/document/score',
    role: 'member',
    input: (f) => ({ document_id: f.docPaid }),
    reads: ['score:number'],
  },
  {
    n: 81,
    method: 'PUT',
    path: '/document/category',
    role: 'admin',
    input: (f) => ({ document_id: [f.doc], category_id: [f.catDoc] }),
  },
  {
    n: 82,
    method: 'PUT',
    path: '/document/vip',
    role: 'admin',
    input: (f) => ({ document_id: [f.doc], is_vip: false }),
  },
  { n: 83, method: 'PUT', path: '/document/check', role: 'admin', input: (f) => ({ id: [f.doc], status: 2 }) },
  {
    n: 84,
    method: 'GET',
    path: '/document/download/bereviewed',
    role: 'admin',
    input: id('docPending'),
    reads: ['url:string'],
  },
  {
    n: 86,
    method: 'PUT',
    path: '/document/detect/language',
    role: 'admin',
    input: (f) => ({ document_id: [f.doc] }),
    reads: ['document[].id:number', 'document[].title:string', 'document[].language:string'],
  },
  {
    n: 85,
    method: 'PUT',
    path: '/document/language',
    role: 'admin',
    input: (f) => ({ document: [{ id: f.doc, language: 'zh-CN' }] }),
  },
  // favourites
  {
    n: 87,
    method: 'POST',
    path: '/favorite',
    role: 'member',
    input: (f) => ({ document_id: f.docPaid, type: 0 }),
    reads: ['id:number'],
  },
  {
    n: 89,
    method: 'GET',
    path: '/favorite',
    role: 'member',
    input: (f) => ({ document_id: f.docPaid, type: 0 }),
    reads: ['id:number'],
    keep: (b, f) => {
      f.favorite = b.id as number;
    },
  },
  {
    n: 90,
    method: 'GET',
    path: '/favorite/list',
    role: 'member',
    input: () => ({ page: 1, size: 10, type: 0 }),
    reads: ['total:number', 'favorite[].title:string', 'favorite[].document_id:number', 'favorite[].ext:string'],
  },
  { n: 88, method: 'DELETE', path: '/favorite', role: 'member', input: (f) => ({ id: [f.favorite] }) },
  // friend links
  {
    n: 91,
    method: 'POST',
    path: '/friendlink',
    role: 'admin',
    input: () => ({ title: `${marker} 友链`, link: 'https://example.com', enable: true }),
    reads: ['id:number'],
    keep: (b, f) => {
      f.friendlink = b.id as number;
    },
  },
  {
    n: 92,
    method: 'PUT',
    path: '/friendlink',
    role: 'admin',
    input: (f) => ({ id: f.friendlink, title: `${marker} 友链`, link: 'https://example.com', enable: true }),
  },
  { n: 94, method: 'GET', path: '/friendlink', role: 'admin', input: id('friendlink'), reads: ['link:string'] },
  {
    n: 95,
    method: 'GET',
    path: '/friendlink/list',
    role: 'anon',
    input: () => ({ enable: true }),
    reads: ['friendlink[].title:string', 'friendlink[].link:string'],
  },
  // groups and permissions
  {
    n: 100,
    method: 'GET',
    path: '/group/list',
    role: 'admin',
    reads: ['group[].id:number', 'group[].title:string', 'group[].user_count:number', 'group[].is_default:boolean'],
    keep: (b, f) => {
      f.group = (b.group as { id: number; is_default: boolean }[]).find((g) => g.is_default)!.id;
    },
  },
  { n: 99, method: 'GET', path: '/group', role: 'admin', input: id('group'), reads: ['id:number', 'title:string'] },
  {
    n: 101,
    method: 'GET',
    path: '/group/permission',
    role: 'admin',
    input: id('group'),
    reads: ['permission_id:array'],
  },
  {
    n: 132,
    method: 'GET',
    path: '/permission/list',
    role: 'admin',
    input: () => ({ page: 1, size: 1000 }),
    reads: [
      'permission[].id:number',
      'permission[].method:string',
      'permission[].path:string',
      'permission[].title:string',
    ],
    keep: (b, f) => {
      f.permission = (b.permission as { id: number }[])[0]!.id;
    },
  },
  { n: 131, method: 'GET', path: '/permission', role: 'admin', input: id('permission'), reads: ['path:string'] },
  // languages
  {
    n: 106,
    method: 'GET',
    path: '/language/list',
    role: 'admin',
    input: () => ({ page: 1, size: 200 }),
    reads: ['total:number', 'language[].code:string', 'language[].language:string', 'language[].enable:boolean'],
  },
  // navigation
  {
    n: 108,
    method: 'POST',
    path: '/navigation',
    role: 'admin',
    input: () => ({ title: `${marker} 导航`, href: '/article', target: '_self', enable: true }),
    reads: ['id:number'],
    keep: (b, f) => {
      f.navigation = b.id as number;
    },
  },
  { n: 111, method: 'GET', path: '/navigation', role: 'admin', input: id('navigation'), reads: ['href:string'] },
  {
    n: 112,
    method: 'GET',
    path: '/navigation/list',
    role: 'anon',
    input: () => ({ page: 1, size: 1000 }),
    reads: ['navigation[].title:string', 'navigation[].href:string', 'navigation[].enable:boolean'],
  },
  // third-party sign-in: nothing is configured on a fresh site
  { n: 115, method: 'GET', path: '/oauth/configs', role: 'anon', reads: ['oauths:array'] },
  {
    n: 113,
    method: 'POST',
    path: '/oauth/login',
    role: 'anon',
    input: () => ({ code: 'x', oauth_type: 'github' }),
    error: true,
  },
  {
    n: 117,
    method: 'GET',
    path: '/oauth/wxshare/signature',
    role: 'anon',
    input: () => ({ url: 'https://example.com/' }),
    error: true,
  },
  { n: 119, method: 'GET', path: '/oauth/wechatmp/scan/code', role: 'anon', error: true },
  // orders and VIP
  {
    n: 122,
    method: 'POST',
    path: '/order',
    role: 'member',
    input: (f) => ({ order_type: 1, product_id: f.docPaid }),
    reads: ['order_no:string', 'status:number'],
    keep: (b, f) => {
      f.orderNo = b.order_no as string;
    },
  },
  {
    n: 123,
    method: 'GET',
    path: '/order',
    role: 'member',
    input: (f) => ({ order_no: f.orderNo }),
    reads: [
      'id:number',
      'order_no:string',
      'order_type:number',
      'product_id:number',
      'product_uuid:string',
      'product_name:string',
      'status:number',
      'quantity:number',
      'price:number',
      'amount:number',
      'payment_type:number',
      'created_at:string',
      'updated_at:string',
      'closed_at:null|string',
    ],
  },
  {
    n: 125,
    method: 'GET',
    path: '/order/status',
    role: 'member',
    input: (f) => ({ order_no: f.orderNo }),
    reads: ['order_no:string', 'status:number'],
  },
  {
    n: 178,
    method: 'GET',
    path: '/user/order',
    role: 'member',
    input: () => ({ page: 1, size: 20 }),
    reads: ['total:number', 'order[].order_no:string', 'order[].amount:number', 'order[].status:number'],
  },
  {
    n: 126,
    method: 'GET',
    path: '/order/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10 }),
    reads: ['total:number', 'order[].order_no:string', 'order[].username:string', 'order[].updated_at:string'],
  },
  {
    n: 127,
    method: 'POST',
    path: '/order/pay',
    role: 'member',
    input: (f) => ({ order_no: f.orderNo, payment_type: 1 }),
    error: true,
  },
  {
    n: 128,
    method: 'PUT',
    path: '/order/close',
    role: 'member',
    input: (f) => ({ order_no: f.orderNo }),
    reads: ['order_no:string', 'status:number'],
  },
  { n: 124, method: 'DELETE', path: '/order', role: 'member', input: (f) => ({ order_no: f.orderNo }) },
  {
    n: 121,
    method: 'POST',
    path: '/order/system/recharge',
    role: 'admin',
    input: (f) => ({ user_id: f.memberId, credit: 5, remark: `${marker} 充值` }),
  },
  {
    n: 179,
    method: 'GET',
    path: '/user/vip',
    role: 'member',
    input: () => ({ page: 1, size: 20 }),
    reads: ['total:number'],
  },
  {
    n: 190,
    method: 'GET',
    path: '/uservip/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10 }),
    reads: ['total:number', 'user_vip:array'],
  },
  // punishments
  {
    n: 133,
    method: 'POST',
    path: '/punishment',
    role: 'admin',
    input: (f) => ({ user_id: [f.spareId], type: [5], enable: true, reason: `${marker} 处罚` }),
  },
  {
    n: 136,
    method: 'GET',
    path: '/punishment/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10 }),
    reads: ['total:number', 'punishment[].id:number', 'punishment[].type:number', 'punishment[].username:string'],
    keep: (b, f) => {
      f.punishment = (b.punishment as { id: number }[])[0]!.id;
    },
  },
  { n: 135, method: 'GET', path: '/punishment', role: 'admin', input: id('punishment'), reads: ['type:number'] },
  { n: 137, method: 'PUT', path: '/punishment/cancel', role: 'admin', input: (f) => ({ id: [f.punishment] }) },
  // reports
  {
    n: 138,
    method: 'POST',
    path: '/report',
    role: 'member',
    input: (f) => ({ document_id: f.docPaid, reason: 1 }),
  },
  {
    n: 141,
    method: 'GET',
    path: '/report/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10 }),
    reads: [
      'total:number',
      'report[].id:number',
      'report[].document_title:string',
      'report[].username:string',
      'report[].reason:number',
    ],
    keep: (b, f) => {
      f.report = (b.report as { id: number }[])[0]!.id;
    },
  },
  {
    n: 139,
    method: 'PUT',
    path: '/report',
    role: 'admin',
    input: (f) => ({ id: f.report, status: true, remark: '已处理' }),
  },
  // search
  {
    n: 142,
    method: 'GET',
    path: '/search',
    role: 'anon',
    input: () => ({ wd: marker, type: -1, page: 1, size: 10, language: 'all' }),
    reads: [
      'total:number',
      'spend:string',
      'document[].doc_type:number',
      'document[].identifier:string',
      'document[].title:string',
      'agg_ext:array',
      'agg_category:array',
      'agg_language:array',
    ],
  },
  {
    n: 144,
    method: 'GET',
    path: '/searchrecord/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10 }),
    reads: ['total:number', 'search_record:array'],
  },
  {
    n: 146,
    method: 'GET',
    path: '/sms/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10 }),
    reads: ['total:number', 'sms:array'],
  },
  {
    n: 147,
    method: 'POST',
    path: '/sms',
    role: 'anon',
    input: () => ({ mobile: '13800138000', type: 0 }),
    error: true,
  },
  // crawler
  {
    n: 157,
    method: 'GET',
    path: '/spiderurl/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10 }),
    reads: ['total:number', 'spider_url:array'],
  },
  {
    n: 151,
    method: 'GET',
    path: '/spiderdocument/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10 }),
    reads: ['total:number', 'spider_document:array'],
  },
  // users
  {
    n: 161,
    method: 'GET',
    path: '/user',
    role: 'member',
    reads: [...USER_CARD, 'email:string', 'signature:string', 'last_login_ip:string', 'created_at:string'],
  },
  {
    n: 169,
    method: 'GET',
    path: '/user/list',
    role: 'admin',
    input: () => ({ page: 1, size: 10 }),
    reads: ['total:number', 'user[].id:number', 'user[].username:string', 'user[].group_id:array'],
  },
  {
    n: 170,
    method: 'GET',
    path: '/user/captcha',
    role: 'anon',
    input: () => ({ type: 'login' }),
    reads: ['enable:boolean'],
  },
  {
    n: 171,
    method: 'GET',
    path: '/user/dynamic',
    role: 'member',
    input: () => ({ page: 1, size: 10 }),
    reads: ['total:number', 'dynamic[].content:string', 'dynamic[].created_at:string'],
  },
  {
    n: 172,
    method: 'GET',
    path: '/user/download',
    role: 'member',
    input: () => ({ page: 1, size: 20 }),
    reads: [
      'total:number',
      'download[].document_id:number',
      'download[].document_uuid:string',
      'download[].title:string',
      'download[].ext:string',
      'download[].score:number',
      'download[].pages:number',
      'download[].size:number',
      'download[].created_at:string',
    ],
  },
  {
    n: 173,
    method: 'GET',
    path: '/user/permission',
    role: 'admin',
    reads: ['permission[].method:string', 'permission[].path:string'],
  },
  { n: 175, method: 'PUT', path: '/user/sign', role: 'member', reads: ['award:number'] },
  { n: 174, method: 'GET', path: '/user/sign', role: 'member', reads: ['id:number', 'award:number'] },
  {
    n: 189,
    method: 'GET',
    path: '/user/group',
    role: 'member',
    reads: ['group[].id:number', 'group[].enable_upload:boolean'],
  },
  {
    n: 165,
    method: 'PUT',
    path: '/user/profile',
    role: 'member',
    input: () => ({ signature: `${marker} 签名`, address: '深圳' }),
  },
  { n: 184, method: 'GET', path: '/user/oauth', role: 'member', reads: ['oauth:array'] },
  {
    n: 164,
    method: 'PUT',
    path: '/user/password',
    role: 'member',
    input: (f) => ({ old_password: f.memberPassword, new_password: 'changed-contract-1' }),
  },
  // The password form ignores the new token: the session that made the change must go on.
  { n: 161, method: 'GET', path: '/user', role: 'member', reads: ['id:number', 'username:string'] },
  { n: 160, method: 'DELETE', path: '/user/logout', role: 'member' },
];

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  restoreConfig = await server.snapshotConfig();
  clients.anon = server.api;
  clients.admin = await server.api.admin();
  const member = await server.api.registerMember('ctm');
  clients.member = member.client;
  fx.memberId = member.id;
  fx.memberPassword = member.password;
  fx.spareId = (await server.api.registerMember('cts')).id;
  // A fresh site as its owner leaves it: no allowed-extension list, no search words.
  await clients.admin.putConfig({
    'security.document_allowed_ext': '',
    'system.recommend_words': '',
    'security.enable_captcha_comment': 'false',
  });
  const catDoc = await clients.admin.post<{ category: { id: number }[] }>('/category', { title: `${marker} 文档` });
  fx.catDoc = catDoc.body.category[0]!.id;
  const catArt = await clients.admin.post<{ category: { id: number }[] }>('/category', {
    title: `${marker} 文章`,
    type: 1,
  });
  fx.catArt = catArt.body.category[0]!.id;
  const text = `${marker} 这是一份关于图书馆历史的中文文档，讲述人们如何阅读和分享知识。`;
  fx.doc = (await insertDocument({ userId: member.id, title: `${marker} 我的文档`, content: text })).id;
  fx.docPaid = (await insertDocument({ userId: 1, title: `${marker} 付费`, price: 5, content: text })).id;
  fx.docPending = (
    await insertDocument({
      userId: member.id,
      title: `${marker} 待审`,
      status: DocumentStatus.PendingReview,
      content: text,
    })
  ).id;
  fx.docDeleted = (await insertDocument({ userId: 1, title: `${marker} 回收`, content: text })).id;
  await clients.admin.delete('/document', { id: fx.docDeleted });
  const gone = await clients.admin.post<{ id: number }>('/article', {
    title: `${marker} 回收文章`,
    content: '<p>x</p>',
    category_id: [fx.catArt],
  });
  await clients.admin.delete('/article', { id: gone.body.id });
  await clients.admin.put('/document/index');
  await makeDownload(server, { userId: member.id, documentId: fx.docPaid as number });
  const banner = await uploadImage(clients.admin, 'banner');
  fx.bannerPath = (banner.data as { path: string }).path;
}, 120_000);

afterAll(async () => {
  await restoreConfig();
  await server.close();
});

describe('MOREDOC Pro front end contract (moredoc-pro-facts §1)', () => {
  it('answers every call with the fields its screens read', async () => {
    const problems: string[] = [];
    for (const row of CALLS) {
      const label = `#${row.n} ${row.method} ${row.path} (${row.role})`;
      const res = await clients[row.role].call<Record<string, unknown>>(
        row.method,
        `/api/v1${row.path}`,
        row.input?.(fx) ?? (row.method === 'GET' || row.method === 'DELETE' ? undefined : {}),
      );
      if (row.error) {
        const wire = res.body as { code?: unknown; message?: unknown };
        if (res.status < 400 || typeof wire.code !== 'string' || typeof wire.message !== 'string' || !wire.message)
          problems.push(`${label}: expected a {code, message} error, got ${res.status} ${JSON.stringify(res.body)}`);
        continue;
      }
      if (res.status !== 200) {
        problems.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        continue;
      }
      for (const spec of row.reads ?? []) {
        const problem = checkField(res.body, spec);
        if (problem) problems.push(`${label}: ${problem}`);
      }
      try {
        row.keep?.(res.body, fx);
      } catch {
        problems.push(`${label}: nothing to keep for later calls in ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
