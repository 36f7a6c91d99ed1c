import { z } from 'zod';
import { listInput, timestamp, zArray, zId } from './common.ts';

/** 0 document, 1 article (spec §3 comment/favourite type). */
const targetType = z.coerce.number().int().min(0, 'comments.invalid_type').max(1, 'comments.invalid_type').default(0);

export const favoriteInput = z.object({ document_id: zId, type: targetType });

export const favoriteOutput = z.object({
  id: z.number(),
  user_id: z.number(),
  document_id: z.number(),
  type: z.number(),
  created_at: timestamp,
});

export const favoriteListInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  type: targetType.optional(),
  /** Another member's public favourites; default the caller. */
  user_id: zId.optional(),
});

export const favoriteListOutput = z.object({
  total: z.number(),
  favorite: z.array(
    z.object({
      id: z.number(),
      document_id: z.number(),
      type: z.number(),
      title: z.string(),
      ext: z.string(),
      score: z.number(),
      size: z.number(),
      pages: z.number(),
      price: z.number(),
      /** A document's uuid or an article's identifier. */
      document_uuid: z.string(),
      created_at: timestamp,
    }),
  ),
});

const content = z.string().trim().min(1, 'comments.enter_comment').max(5000, 'comments.comments_5000_characters');

export const createCommentInput = z.object({
  document_id: zId,
  parent_id: z.coerce.number().int().min(0).default(0),
  content,
  type: targetType,
  captcha_id: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
});

export const updateCommentInput = z.object({
  id: zId,
  content: content.optional(),
  status: z.coerce.number().int().min(0).max(2).optional(),
});

export const checkCommentsInput = z.object({
  id: zArray(zId, { n: 1, message: 'comments.select_comments' }),
  status: z.coerce.number().int().min(0).max(2),
});

export const commentOutput = z.object({
  id: z.number(),
  parent_id: z.number(),
  document_id: z.number(),
  type: z.number(),
  user_id: z.number(),
  user: z.object({ id: z.number(), username: z.string(), avatar: z.string() }).optional(),
  content: z.string(),
  status: z.number(),
  comment_count: z.number(),
  created_at: timestamp,
  updated_at: timestamp,
  document_title: z.string().optional(),
  document_uuid: z.string().optional(),
});

export const commentListInput = listInput.extend({
  size: z.coerce.number().int().min(1).max(100).default(10),
  document_id: zId.optional(),
  type: zArray(z.coerce.number().int().min(0).max(1)).optional(),
  status: zArray(z.coerce.number().int().min(0).max(2)).optional(),
  user_id: zArray(zId).optional(),
  parent_id: zArray(z.coerce.number().int().min(0)).optional(),
  with_document_title: z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean()).optional(),
});
export const commentListOutput = z.object({ total: z.number(), comment: z.array(commentOutput) });
