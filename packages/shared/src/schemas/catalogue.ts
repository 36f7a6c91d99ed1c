import { z } from 'zod';
import { ALL_AD_POSITIONS } from '../enums/index.ts';
import { absoluteUrlField, hrefField } from '../links/fields.ts';
import { LINK_MESSAGES, safeHref } from '../links/index.ts';
import { listInput, timestamp, zArray, zBool, zId } from './common.ts';

const title = (max: number) => z.string().trim().min(1, 'catalogue.enter_name').max(max);
const optText = (max: number) => z.string().trim().max(max).optional();
const sort = z.coerce.number().int().min(-1_000_000).max(1_000_000).optional();

// ---- category ----
export const categoryOutput = z.object({
  id: z.number(),
  parent_id: z.number(),
  title: z.string(),
  icon: z.string(),
  cover: z.string(),
  doc_count: z.number(),
  type: z.number(),
  sort: z.number(),
  enable: z.boolean(),
  description: z.string(),
  show_description: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CategoryDTO = z.infer<typeof categoryOutput>;
export const categoryType = z.coerce.number().int().min(0).max(1);
export const listCategoriesInput = z.object({
  type: zArray(categoryType).optional(),
  parent_id: zArray(z.coerce.number().int().min(0)).optional(),
  enable: zArray(zBool).optional(),
  wd: z.string().trim().max(64).optional(),
  field: zArray(z.string().max(32)).optional(),
  page: z.coerce.number().int().min(0).optional(),
  size: z.coerce.number().int().min(0).max(10000).optional(),
});
export const listCategoriesOutput = z.object({ total: z.number(), category: z.array(categoryOutput.partial()) });
/** Update inputs leave out what they do not send: a missing field keeps its value (no defaults there). */
const categoryFields = {
  parent_id: z.coerce.number().int().min(0).optional(),
  icon: optText(255),
  cover: optText(255),
  type: categoryType.optional(),
  sort,
  enable: zBool.optional(),
  description: optText(5000),
  show_description: zBool.optional(),
};
/** moredoc accepts several titles at once, one per line (moredoc-facts §18.1). */
export const createCategoryInput = z.object({
  title: z.string().trim().min(1, 'catalogue.enter_category_name').max(2000),
  ...categoryFields,
});
export const updateCategoryInput = z.object({ id: zId, title: title(64), ...categoryFields });
/**
 * Drag-and-drop sorting in the back office: the complete new order of one parent's children (0 = top level), first
 * = highest `sort`. Moving to another parent stays with `updateCategoryInput`.
 */
export const sortCategoriesInput = z.object({
  parent_id: z.coerce.number().int().min(0),
  type: categoryType,
  id: zArray(zId, { n: 1, message: 'catalogue.choose_categories_sort' }).refine(
    (ids) => new Set(ids).size === ids.length,
    'catalogue.category_listed_more_than',
  ),
});

// ---- navigation ----
export const navigationOutput = z.object({
  id: z.number(),
  parent_id: z.number(),
  title: z.string(),
  href: z.string(),
  color: z.string(),
  target: z.string(),
  sort: z.number(),
  enable: z.boolean(),
  fixed: z.boolean(),
  description: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type NavigationDTO = z.infer<typeof navigationOutput>;
const navigationFields = {
  parent_id: z.coerce.number().int().min(0).optional(),
  href: hrefField(255),
  color: z
    .string()
    .trim()
    .max(32)
    .regex(/^$|^#[0-9a-fA-F]{3,8}$|^[a-zA-Z]+$|^rgba?\([\d\s.,%]+\)$/, 'catalogue.colour_not_valid')
    .optional(),
  target: z.enum(['_self', '_blank']).optional(),
  sort,
  enable: zBool.optional(),
  description: optText(255),
};
export const createNavigationInput = z.object({ title: title(64), ...navigationFields });
export const updateNavigationInput = z.object({ id: zId, title: title(64), ...navigationFields });
export const listNavigationsInput = listInput.extend({
  size: z.coerce.number().int().min(1).max(10000).default(10000),
  enable: zArray(zBool).optional(),
});
export const listNavigationsOutput = z.object({ total: z.number(), navigation: z.array(navigationOutput) });

// ---- friendlink ----
export const friendlinkOutput = z.object({
  id: z.number(),
  title: z.string(),
  link: z.string(),
  description: z.string(),
  sort: z.number(),
  enable: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
const url = absoluteUrlField(255);
const friendlinkFields = { description: optText(2000), sort, enable: zBool.optional() };
export const createFriendlinkInput = z.object({ title: title(64), link: url, ...friendlinkFields });
export const updateFriendlinkInput = z.object({ id: zId, title: title(64), link: url, ...friendlinkFields });
export const listFriendlinksInput = listInput.extend({
  size: z.coerce.number().int().min(1).max(1000).default(100),
  enable: zArray(zBool).optional(),
  field: zArray(z.string().max(32)).optional(),
});
export const listFriendlinksOutput = z.object({ total: z.number(), friendlink: z.array(friendlinkOutput.partial()) });

// ---- banner ----
export const bannerOutput = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  path: z.string(),
  url: z.string(),
  sort: z.number(),
  enable: z.boolean(),
  type: z.number(),
  created_at: timestamp,
  updated_at: timestamp,
});
const bannerFields = {
  title: optText(255),
  description: optText(255),
  url: hrefField(255),
  sort,
  enable: zBool.optional(),
  type: z.coerce.number().int().min(0).max(2).optional(),
};
/** The picture: an upload's path or an image address (the back office links to it as well). */
const bannerPath = z
  .string()
  .trim()
  .min(1, 'catalogue.upload_banner_image')
  .max(255)
  .refine((v) => safeHref(v) !== null, LINK_MESSAGES.unsafe);
export const createBannerInput = z.object({ path: bannerPath, ...bannerFields });
export const updateBannerInput = z.object({ id: zId, path: bannerPath, ...bannerFields });
export const listBannersInput = listInput.extend({
  size: z.coerce.number().int().min(1).max(1000).default(100),
  type: zArray(z.coerce.number().int().min(0).max(2)).optional(),
  enable: zArray(zBool).optional(),
  field: zArray(z.string().max(32)).optional(),
});
export const listBannersOutput = z.object({ total: z.number(), banner: z.array(bannerOutput.partial()) });

// ---- advertisement ----
export const adPosition = z.enum(ALL_AD_POSITIONS as [string, ...string[]], {
  error: 'catalogue.ad_position_does_not',
});
export const advertisementOutput = z.object({
  id: z.number(),
  position: z.string(),
  title: z.string(),
  content: z.string(),
  remark: z.string(),
  enable: z.boolean(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  user_id: z.number(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AdvertisementDTO = z.infer<typeof advertisementOutput>;
const dateTime = z
  .union([z.string().trim().max(40), z.null()])
  .optional()
  .refine((v) => v == null || v === '' || !Number.isNaN(Date.parse(v)), 'catalogue.time_not_valid');
const advertisementFields = {
  position: adPosition,
  title: title(255),
  content: z.string().max(65_535).optional(),
  remark: optText(255),
  enable: zBool.optional(),
  start_time: dateTime,
  end_time: dateTime,
};
export const createAdvertisementInput = z.object(advertisementFields);
export const updateAdvertisementInput = z.object({ id: zId, ...advertisementFields });
/** Public by-position query (spec §7) and admin list share one call: `position` present → public shape. */
export const listAdvertisementsInput = listInput.extend({
  position: zArray(z.string().max(64)).optional(),
  enable: zArray(zBool).optional(),
});
export const listAdvertisementsOutput = z.object({
  total: z.number(),
  advertisement: z.array(advertisementOutput),
});
export const adsByPositionInput = z.object({ position: zArray(z.string().max(64)).optional().default([]) });

// ---- language ----
export const languageOutput = z.object({
  id: z.number(),
  language: z.string(),
  code: z.string(),
  enable: z.boolean(),
  sort: z.number(),
  created_at: timestamp,
  updated_at: timestamp,
});
const languageFields = {
  language: z.string().trim().min(1, 'catalogue.enter_language_name').max(64),
  code: z
    .string()
    .trim()
    .min(1, 'catalogue.enter_language_code')
    .max(16)
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'catalogue.language_code_not_valid'),
  enable: zBool.optional(),
  sort,
};
export const createLanguageInput = z.object(languageFields);
export const updateLanguageInput = z.object({ id: zId, ...languageFields });
export const languageStatusInput = z.object({
  id: zArray(zId, { n: 1, message: 'catalogue.choose_languages' }),
  enable: zBool,
});
export const listLanguagesInput = listInput.extend({
  size: z.coerce.number().int().min(1).max(1000).default(10),
  enable: zArray(zBool).optional(),
});
export const listLanguagesOutput = z.object({ total: z.number(), language: z.array(languageOutput) });
