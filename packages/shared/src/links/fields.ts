import { z } from 'zod';
import { LINK_MESSAGES, safeAbsoluteUrl, safeHref } from './index.ts';

// The form fields of links, apart from the checks themselves: the web app's public shell uses `safeHref` and must not
// import zod through it (issue 17).

/** An optional href field of a form and its procedure: empty (no link) or a safe href. */
export const hrefField = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => v === '' || safeHref(v) !== null, LINK_MESSAGES.unsafe)
    .optional();

/** A required link to another site: an absolute http(s) URL. */
export const absoluteUrlField = (max = 255) =>
  z
    .string()
    .trim()
    .min(1, LINK_MESSAGES.required)
    .max(max)
    .refine((v) => safeAbsoluteUrl(v) !== null, LINK_MESSAGES.absolute);
