/**
 * The messages of bad input that no schema words itself (a page size of 0, text where a number belongs), in the
 * site's language: Chinese, or English for clients that ask for it. Schemas that word their own messages (the
 * spec's and moredoc's texts) keep them; these replace zod's English defaults (`Too small: expected number to be
 * >=1`), which MOREDOC clients showed in Chinese toasts.
 */
import type { MessageLanguage } from './reasons/index.ts';

/** The parts of a zod issue the wording needs (zod 4's raw and final issues both have them). */
export interface ValidationIssue {
  code: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  keys?: readonly string[];
}

const TYPE_NAMES: Record<string, [string, string]> = {
  number: ['数字', 'a number'],
  int: ['整数', 'a whole number'],
  bigint: ['整数', 'a whole number'],
  boolean: ['true 或 false', 'true or false'],
  string: ['文字', 'text'],
  array: ['列表', 'a list'],
  object: ['对象', 'an object'],
  date: ['日期', 'a date'],
};

/** Page sizes, ids, counts: the same wording whatever the number's origin (int, number, bigint). */
const isNumeric = (origin: unknown) => origin === 'number' || origin === 'int' || origin === 'bigint';

function fieldName(path: readonly PropertyKey[] | undefined, lang: MessageLanguage): string {
  const name = (path ?? []).map(String).join('.');
  if (name) return lang === 'en' ? `“${name}”` : `参数 ${name}`;
  return lang === 'en' ? 'The input' : '参数';
}

/** A bad-input message for one zod issue, naming the field. */
export function validationMessage(issue: ValidationIssue, lang: MessageLanguage): string {
  const en = lang === 'en';
  const f = fieldName(issue.path, lang);
  const min = String(issue.minimum ?? '');
  const max = String(issue.maximum ?? '');
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return en ? `${f} is required` : `缺少${f}`;
      const type = TYPE_NAMES[String(issue.expected)];
      if (!type) return en ? `${f} has the wrong type` : `${f} 的类型不正确`;
      return en ? `${f} must be ${type[1]}` : `${f} 必须是${type[0]}`;
    }
    case 'too_small':
      if (isNumeric(issue.origin))
        return issue.inclusive
          ? en
            ? `${f} must be at least ${min}`
            : `${f} 不能小于 ${min}`
          : en
            ? `${f} must be greater than ${min}`
            : `${f} 必须大于 ${min}`;
      if (issue.origin === 'string')
        return min === '1'
          ? en
            ? `${f} cannot be empty`
            : `${f} 不能为空`
          : en
            ? `${f} must be at least ${min} characters long`
            : `${f} 至少需要 ${min} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return en ? `${f} needs at least ${min} item(s)` : `${f} 至少需要 ${min} 项`;
      return en ? `${f} is too small` : `${f} 过小`;
    case 'too_big':
      if (isNumeric(issue.origin))
        return issue.inclusive
          ? en
            ? `${f} must be at most ${max}`
            : `${f} 不能大于 ${max}`
          : en
            ? `${f} must be less than ${max}`
            : `${f} 必须小于 ${max}`;
      if (issue.origin === 'string')
        return en ? `${f} must be at most ${max} characters long` : `${f} 不能超过 ${max} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return en ? `${f} takes at most ${max} item(s)` : `${f} 最多 ${max} 项`;
      return en ? `${f} is too large` : `${f} 过大`;
    case 'invalid_format':
    case 'invalid_union':
      return en ? `${f} is not in a valid format` : `${f} 格式不正确`;
    case 'unrecognized_keys':
      return en
        ? `Unknown parameters: ${(issue.keys ?? []).join(', ')}`
        : `不支持的参数：${(issue.keys ?? []).join('、')}`;
    default:
      return en ? `${f} is not valid` : `${f} 的值不正确`;
  }
}

/** The language a request asks for, from its Accept-Language header: English only when English comes first. */
export function messageLanguageOf(acceptLanguage: string | undefined): MessageLanguage {
  let best: { lang: MessageLanguage; q: number } | null = null;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const lang: MessageLanguage | null = tag.startsWith('en') ? 'en' : tag.startsWith('zh') ? 'zh-CN' : null;
    if (lang && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? 'zh-CN';
}
