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

const title = z
  .string()
  .trim()
  .min(1, 'documents.enter_document_title')
  .max(255, 'documents.document_titles_255_characters');
/** The MD5 of a document file, as moredoc computes it in 2 MB slices. */
const fileHash = z.string().regex(/^[0-9a-f]{32}$/, 'documents.file_hash_not_valid');
const price = z.coerce
  .number()
  .int()
  .min(0, 'documents.price_cannot_negative')
  .max(1_000_000, 'documents.price_too_high');

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
            .regex(/^[0-9a-f]{64}$/, 'documents.file_check_value_not')
            .optional(),
          price: price.optional().default(0),
          /** A VIP document (moredoc-pro-facts §2.7); honoured only while VIP is enabled. */
          is_vip: zBool.optional().default(false),
          language: z.string().max(16).optional().default(''),
          keywords: z.string().trim().max(255).optional().default(''),
          description: z.string().trim().max(1024).optional().default(''),
        })
        .refine((d) => d.attachment_id || d.hash, {
          message: 'documents.attachment_id_invalid',
          path: ['attachment_id'],
        }),
    )
    .min(1, 'documents.choose_documents_upload')
    .max(100, 'documents.100_documents_can_uploaded'),
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
  id: zArray(zId, { n: 1, message: 'documents.choose_documents' }),
  /** 0 approve (queue for conversion), 7 reject, 6 back to review, 4 disable, 2 enable. */
  status: z.coerce
    .number()
    .int()
    .refine((s) => [0, 2, 4, 6, 7].includes(s), 'documents.review_status_not_valid'),
});
export const recommendDocumentsInput = z.object({
  id: zArray(zId, { n: 1, message: 'documents.choose_documents' }),
  type: z.coerce.number().int().min(0).max(2),
});
export const setDocumentsCategoryInput = z.object({
  document_id: zArray(zId, { n: 1, message: 'documents.both_documents_and_categories' }),
  category_id: zArray(zId, { n: 1, message: 'documents.both_documents_and_categories' }),
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
        .min(1, 'documents.id_required')
        .max(1000),
    }),
    z.object({ document_id: zArray(zId, { n: 1, message: 'documents.id_required' }), language: z.string().max(16) }),
  ])
  .transform((v) => ('document' in v ? v : { document: v.document_id.map((id) => ({ id, language: v.language })) }));
/** PUT /document/detect/language (MOREDOC Pro): the documents whose language to detect from their text. */
export const detectDocumentsLanguageInput = z.object({
  document_id: zArray(zId, { n: 1, message: 'documents.id_required' }).refine(
    (ids) => ids.length <= 1000,
    'documents.1000_documents_can_checked',
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
  score: z.coerce.number().int().min(100, 'documents.rating_not_valid').max(500, 'documents.rating_not_valid'),
});
export const documentScoreOutput = z.object({ score: z.number() });
