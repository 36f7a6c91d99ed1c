import { z } from 'zod';
import { listInput, timestamp, zArray, zBool, zId, zLanguageFilter } from './common.ts';
import { publicUserOutput } from './user.ts';

export const documentOutput = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  keywords: z.string(),
  description: z.string(),
  user_id: z.number(),
  username: z.string().optional(),
  width: z.number(),
  height: z.number(),
  preview: z.number(),
  pages: z.number(),
  download_count: z.number(),
  view_count: z.number(),
  favorite_count: z.number(),
  comment_count: z.number(),
  score: z.number(),
  score_count: z.number(),
  price: z.number(),
  is_vip: z.boolean(),
  size: z.number(),
  ext: z.string(),
  status: z.number(),
  convert_error: z.string().optional(),
  /** Document administrators: OCR of pages without text (0 none, 1 running, 2 done, 3 failed) and its progress. */
  ocr_status: z.number().optional(),
  ocr_pages: z.number().optional(),
  ocr_done: z.number().optional(),
  /** Document administrators: the older document whose text this one most likely repeats (text fingerprint). */
  duplicate_of: z
    .object({ id: z.number(), uuid: z.string(), title: z.string(), similarity: z.number() })
    .nullable()
    .optional(),
  enable_gzip: z.boolean(),
  preview_ext: z.string(),
  language: z.string(),
  /** The page a crawled document came from (moredoc-pro-facts §2.6 `来源`); '' for uploads. */
  source: z.string().optional(),
  recommend_at: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: z.string().nullable().optional(),
  deleted_username: z.string().optional(),
  category_id: z.array(z.number()),
  /** The categories of `category_id` as objects, parents first (MOREDOC's admin tables read `category[].title`). */
  category: z.array(z.object({ id: z.number(), title: z.string(), parent_id: z.number() })).optional(),
  /** The uploader's public card, with `with_author` (MOREDOC's reading page shows it). */
  user: publicUserOutput.optional(),
  attachment: z.object({ hash: z.string() }),
  cover: z.string(),
  content: z.string().optional(),
});
export type DocumentDTO = z.infer<typeof documentOutput>;

const title = z.string().trim().min(1, '请输入文档标题').max(255, '文档标题不能超过255个字符');
/** The MD5 of a document file, as moredoc computes it in 2 MB slices. */
const fileHash = z.string().regex(/^[0-9a-f]{32}$/, '文件哈希格式不正确');
const price = z.coerce.number().int().min(0, '价格不能小于0').max(1_000_000, '价格过高');

/** POST /document (moredoc-facts §6.2): one request creates the documents of several uploaded files. */
export const createDocumentsInput = z.object({
  overwrite: zBool.optional(),
  category_id: zArray(zId),
  document: z
    .array(
      z
        .object({
          title,
          attachment_id: zId.optional(),
          /**
           * Instant upload: the MD5 of a file the server already has. Unless the member uploaded that file before,
           * `challenge_id` and `proof` must answer a challenge of POST /document/challenge (proof of possession).
           */
          hash: fileHash.optional(),
          challenge_id: z.string().max(64).optional(),
          proof: z
            .string()
            .regex(/^[0-9a-f]{64}$/, '文件校验值格式不正确')
            .optional(),
          price: price.optional().default(0),
          /** A VIP document (moredoc-pro-facts §2.7); honoured only while VIP is enabled. */
          is_vip: zBool.optional().default(false),
          language: z.string().max(16).optional().default(''),
          keywords: z.string().trim().max(255).optional().default(''),
          description: z.string().trim().max(1024).optional().default(''),
        })
        .refine((d) => d.attachment_id || d.hash, {
          message: '文档文件参数attachment_id不正确',
          path: ['attachment_id'],
        }),
    )
    .min(1, '请选择要上传的文档')
    .max(100, '一次最多上传100个文档'),
});
export type CreateDocumentsInput = z.infer<typeof createDocumentsInput>;
export const createDocumentsOutput = z.object({ document: z.array(documentOutput) });

export const getDocumentInput = z.object({
  /**
   * MOREDOC's reading page sends its URL part as both `id` and `uuid`: a part that is not a database id (a uuid) is
   * no id at all rather than a bad request.
   */
  id: z.preprocess((v) => {
    const n = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v;
    return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
  }, z.number().optional()),
  uuid: z.string().max(32).optional(),
  with_author: zBool.optional(),
  with_all_content: zBool.optional(),
});

export const listDocumentsInput = listInput.extend({
  size: z.coerce.number().int().min(1).max(1000).default(10),
  category_id: zArray(zId).optional(),
  user_id: zArray(zId).optional(),
  status: zArray(z.coerce.number().int().min(0).max(7)).optional(),
  is_recommend: zArray(zBool).optional(),
  ext: z.string().max(16).optional(),
  fee_type: z.enum(['free', 'charge', 'vip']).optional(),
  is_vip: zBool.optional(),
  language: zLanguageFilter.optional(),
  is_deleted: zBool.optional(),
});
export const listDocumentsOutput = z.object({ total: z.number(), document: z.array(documentOutput) });

export const updateDocumentInput = z.object({
  id: zId,
  title: title.optional(),
  keywords: z.string().trim().max(255).optional(),
  description: z.string().trim().max(1024).optional(),
  price: price.optional(),
  is_vip: zBool.optional(),
  language: z.string().max(16).optional(),
  category_id: zArray(zId).optional(),
  /** Administrators only: enable (2) or disable (4). */
  status: z.coerce.number().int().min(0).max(7).optional(),
});

export const checkDocumentsInput = z.object({
  id: zArray(zId, { n: 1, message: '请选择文档' }),
  /** 0 approve (queue for conversion), 7 reject, 6 back to review, 4 disable, 2 enable. */
  status: z.coerce
    .number()
    .int()
    .refine((s) => [0, 2, 4, 6, 7].includes(s), '审核状态不正确'),
});
export const recommendDocumentsInput = z.object({
  id: zArray(zId, { n: 1, message: '请选择文档' }),
  type: z.coerce.number().int().min(0).max(2),
});
export const setDocumentsCategoryInput = z.object({
  document_id: zArray(zId, { n: 1, message: '文档ID和分类ID均不能为空' }),
  category_id: zArray(zId, { n: 1, message: '文档ID和分类ID均不能为空' }),
});
/**
 * PUT /document/language: MOREDOC Pro sends each document with its language (`document: [{id, language}]`, after
 * detection), MOREDOC one language for all (`document_id[]`, `language`). Both become the first shape.
 */
export const setDocumentsLanguageInput = z
  .union([
    z.object({
      document: z
        .array(z.object({ id: zId, language: z.string().max(16) }))
        .min(1, '文档ID不能为空')
        .max(1000),
    }),
    z.object({ document_id: zArray(zId, { n: 1, message: '文档ID不能为空' }), language: z.string().max(16) }),
  ])
  .transform((v) => ('document' in v ? v : { document: v.document_id.map((id) => ({ id, language: v.language })) }));
/** PUT /document/detect/language (MOREDOC Pro): the documents whose language to detect from their text. */
export const detectDocumentsLanguageInput = z.object({
  document_id: zArray(zId, { n: 1, message: '文档ID不能为空' }).refine(
    (ids) => ids.length <= 1000,
    '一次最多检测1000个文档',
  ),
});
export const detectDocumentsLanguageOutput = z.object({
  document: z.array(z.object({ id: z.number(), title: z.string(), language: z.string() })),
});
export const downloadOutput = z.object({ url: z.string() });
export const documentExistInput = z.object({ hash: fileHash });
export const documentExistOutput = z.object({ exists: z.boolean() });

/**
 * Proof of possession for an instant upload (docs/decisions.md): the client answers with the SHA-256 (hex) of the
 * UTF-8 `nonce` followed by the bytes of each range of its file, in the order given.
 */
export const fileChallengeInput = z.object({
  hash: fileHash,
  /** The member's file name, for the message when the library already has the file. */
  name: z.string().max(255).optional(),
});
export const fileChallengeOutput = z.object({
  challenge_id: z.string(),
  nonce: z.string(),
  ranges: z.array(z.object({ offset: z.number().int(), length: z.number().int() })),
  expires_at: timestamp,
});
export type FileChallengeDTO = z.infer<typeof fileChallengeOutput>;
export const documentScoreInput = z.object({
  document_id: zId,
  score: z.coerce.number().int().min(100, '评分不正确').max(500, '评分不正确'),
});
export const documentScoreOutput = z.object({ score: z.number() });
