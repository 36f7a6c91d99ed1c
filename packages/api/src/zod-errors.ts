import { type FieldIssue, type MessageLanguage, type ValidationIssue, validationMessage } from '@wenku/shared';
import { type ZodError, z } from 'zod';

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

/**
 * The wire form of a bad input: the first issue's message, every issue as a field. Messages zod worded through the
 * hook above are worded again in English when the client asked for English; a schema's own messages stay as written.
 */
export function zodWireError(error: ZodError, lang: MessageLanguage = 'zh-CN') {
  const fields: FieldIssue[] = error.issues.map((issue) => ({
    field: issue.path.join('.') || 'input',
    message: lang === 'zh-CN' ? issue.message : (inLanguage(issue as ValidationIssue, lang) ?? issue.message),
  }));
  return { code: 'VALIDATION_FAILED' as const, message: fields[0]?.message ?? '参数错误', fields };
}
