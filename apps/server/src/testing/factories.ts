import { randomBytes } from 'node:crypto';
import { CommentStatus } from '@wenku/domain/interactions';
import { ArticleStatus, DocumentStatus, OrderStatus, OrderType } from '@wenku/shared';
import type { TestServer } from './harness.ts';

/**
 * Rows the integration tests need as they are, written straight into the test database (issue 21 item 6): one place
 * that knows the columns, with the status enums instead of magic numbers. Members come from
 * `server.api.registerMember` (a real sign-up); documents made here have no file (attachment 0), only what the
 * pages and lists read.
 */
type Sql = Pick<TestServer, 'sql'>;

export interface DocumentFields {
  title?: string;
  description?: string;
  /** The owner; the root administrator unless given. */
  userId?: number;
  status?: DocumentStatus;
  /** A 32-character content hash; a random one unless given (documents sharing a file share it). */
  hash?: string;
  ext?: string;
  language?: string;
  price?: number;
  isVip?: boolean;
  pages?: number;
  /** Pages rendered for preview. */
  preview?: number;
  previewExt?: string;
  size?: number;
  /** In the recycle bin since then. */
  deletedAt?: Date;
  /** The file's extracted text (`attachment_content` of the hash). */
  content?: string;
  /** Categories it sits in (`document_category`; the counters are left as they are). */
  categoryIds?: number[];
}

export interface MadeDocument {
  id: number;
  uuid: string;
  hash: string;
  title: string;
}

const COLUMNS: Record<Exclude<keyof DocumentFields, 'content' | 'categoryIds'>, string> = {
  title: 'title',
  description: 'description',
  userId: 'user_id',
  status: 'status',
  hash: 'hash',
  ext: 'ext',
  language: 'language',
  price: 'price',
  isVip: 'is_vip',
  pages: 'pages',
  preview: 'preview',
  previewExt: 'preview_ext',
  size: 'size',
  deletedAt: 'deleted_at',
};

/** A random content hash, as documents made from different files have. */
export const randomHash = () => randomBytes(16).toString('hex');

/** A document, converted and public unless told otherwise, owned by the root administrator unless given. */
export async function makeDocument(server: Sql, fields: DocumentFields = {}): Promise<MadeDocument> {
  const { content, categoryIds, ...columns } = fields;
  const values: Required<Pick<DocumentFields, 'title' | 'userId' | 'status' | 'hash' | 'ext' | 'pages' | 'preview'>> &
    DocumentFields = {
    title: '测试文档',
    userId: 1,
    status: DocumentStatus.Converted,
    hash: randomHash(),
    ext: '.pdf',
    pages: 1,
    preview: 1,
    ...(Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as typeof columns),
  };
  const keys = Object.keys(values).filter(
    (k) => values[k as keyof typeof COLUMNS] !== undefined,
  ) as (keyof typeof COLUMNS)[];
  const [row] = await server.sql<{ id: number; uuid: string }>(
    `insert into document (uuid, attachment_id, ${keys.map((k) => COLUMNS[k]).join(', ')})
     values (?, 0, ${keys.map(() => '?').join(', ')}) returning id, uuid`,
    [randomBytes(8).toString('hex'), ...keys.map((k) => values[k])],
  );
  if (!row) throw new Error('makeDocument: no row');
  if (content !== undefined) {
    await server.sql('insert into attachment_content (hash, content) values (?, ?) on conflict (hash) do nothing', [
      values.hash,
      content,
    ]);
  }
  for (const categoryId of categoryIds ?? []) {
    await server.sql('insert into document_category (document_id, category_id) values (?, ?)', [row.id, categoryId]);
  }
  return { id: row.id, uuid: row.uuid, hash: values.hash, title: values.title };
}

export interface ArticleFields {
  /** The author; the root administrator unless given. */
  userId?: number;
  title?: string;
  content?: string;
  status?: ArticleStatus;
  /** In the recycle bin since then. */
  deletedAt?: Date;
}

/**
 * An article, approved unless told otherwise, with a random identifier; no categories and no counters moved (the
 * author's `article_count` is left as it is).
 */
export async function makeArticle(
  server: Sql,
  fields: ArticleFields = {},
): Promise<{ id: number; identifier: string }> {
  const [row] = await server.sql<{ id: number; identifier: string }>(
    `insert into article (identifier, user_id, title, content, status, deleted_at)
     values (?, ?, ?, ?, ?, ?) returning id, identifier`,
    [
      randomBytes(8).toString('hex'),
      fields.userId ?? 1,
      fields.title ?? '测试文章',
      fields.content ?? '<p>内容</p>',
      fields.status ?? ArticleStatus.Approved,
      fields.deletedAt ?? null,
    ],
  );
  if (!row) throw new Error('makeArticle: no row');
  return row;
}

/** An approved comment of `userId` on a document (type 0) or an article (type 1); the item's counter is left as is. */
export async function makeComment(
  server: Sql,
  fields: { userId: number; documentId: number; type?: 0 | 1; content?: string; status?: number },
): Promise<{ id: number }> {
  const [row] = await server.sql<{ id: number }>(
    'insert into comment (document_id, type, user_id, content, status) values (?, ?, ?, ?, ?) returning id',
    [
      fields.documentId,
      fields.type ?? 0,
      fields.userId,
      fields.content ?? '测试评论',
      fields.status ?? CommentStatus.Approved,
    ],
  );
  if (!row) throw new Error('makeComment: no row');
  return row;
}

/** A free download of a document by a member, as the download list shows it (no credits move). */
export async function makeDownload(
  server: Sql,
  fields: { userId: number; documentId: number; ip?: string },
): Promise<void> {
  await server.sql('insert into download (user_id, document_id, ip, is_pay) values (?, ?, ?, false)', [
    fields.userId,
    fields.documentId,
    fields.ip ?? '127.0.0.1',
  ]);
}

/**
 * An order with a random number: a recharge of 100 credits for 10 yuan, pending unless told otherwise, whose
 * deadline (`closed_at`) lies `closesIn` (a PostgreSQL interval such as '-1 minute') from now.
 */
export async function makeOrder(
  server: Sql,
  fields: { userId: number; status?: (typeof OrderStatus)[keyof typeof OrderStatus]; closesIn?: string },
): Promise<{ orderNo: string }> {
  const [row] = await server.sql<{ order_no: string }>(
    `insert into orders (order_no, user_id, order_type, product_id, status, amount, money_cents, closed_at)
     values (?, ?, ?, 0, ?, 100, 1000, now() + ?::interval) returning order_no`,
    [
      randomBytes(10).toString('hex'),
      fields.userId,
      OrderType.Recharge,
      fields.status ?? OrderStatus.Pending,
      fields.closesIn ?? '30 minutes',
    ],
  );
  if (!row) throw new Error('makeOrder: no row');
  return { orderNo: row.order_no };
}
