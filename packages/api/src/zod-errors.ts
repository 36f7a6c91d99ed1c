import {
  type FieldIssue,
  isReasonKey,
  type MessageLanguage,
  type Reason,
  reasonText,
  type ValidationIssue,
  validationMessage,
} from '@wenku/shared';
import { type ZodError, z } from 'zod';
import type { WireError } from './trpc.ts';

// Every schema without a message of its own speaks the site's language (Chinese) instead of zod's English. Installed
// once, with the procedures: whatever parses a procedure's input imports this module first.
z.config({ customError: (issue) => validationMessage(issue as ValidationIssue, 'zh-CN') });

/**
 * The issue's message in `lang` when the hook above worded it, else undefined (the schema's own message). A final
 * issue no longer carries its input, which decided between "missing" and "wrong type": both are tried.
 */
function inLanguage(issue: ValidationIssue, lang: MessageLanguage): string | undefined {
  for (const input of [undefined, null]) {
    const variant = { ...issue, input };
    if (validationMessage(variant, 'zh-CN') === (issue as { message?: string }).message)
      return validationMessage(variant, lang);
  }
  return undefined;
}

/** An issue's message in `lang`: a schema's reason key worded, else the hook's wording, else the schema's text. */
function issueMessage(issue: ZodError['issues'][number], lang: MessageLanguage): string {
  // A schema names a key without parameters: the key alone is the reason.
  if (isReasonKey(issue.message)) return reasonText({ key: issue.message } as Reason, lang);
  return lang === 'zh-CN' ? issue.message : (inLanguage(issue as ValidationIssue, lang) ?? issue.message);
}

/**
 * The wire form of a bad input: the first issue's message, every issue as a field. Schemas name reason keys
 * (packages/shared/src/reasons), worded here in the client's language with the key as `reason`; messages zod worded
 * through the hook above are worded again in English when the client asked for English.
 */
export function zodWireError(error: ZodError, lang: MessageLanguage = 'zh-CN'): WireError {
  const fields: FieldIssue[] = error.issues.map((issue) => ({
    field: issue.path.join('.') || 'input',
    message: issueMessage(issue, lang),
  }));
  const first = error.issues[0]?.message;
  return {
    code: 'VALIDATION_FAILED',
    message: fields[0]?.message ?? reasonText('common.invalid_input', lang),
    fields,
    ...(isReasonKey(first) ? { reason: first } : {}),
  };
}
