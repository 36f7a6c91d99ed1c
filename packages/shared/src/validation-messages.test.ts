import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageLanguageOf, type ValidationIssue, validationMessage } from './validation-messages.ts';

const issueOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value, { reportInput: true });
  if (r.success) throw new Error('expected a failure');
  return r.error.issues[0] as unknown as ValidationIssue;
};

describe('validationMessage', () => {
  const page = z.object({ size: z.coerce.number().int().min(1).max(50) });

  it('words bounds, types and missing values in Chinese, naming the field', () => {
    expect(validationMessage(issueOf(page, { size: 0 }), 'zh-CN')).toBe('参数 size 不能小于 1');
    expect(validationMessage(issueOf(page, { size: 99 }), 'zh-CN')).toBe('参数 size 不能大于 50');
    expect(validationMessage(issueOf(page, { size: 'abc' }), 'zh-CN')).toBe('参数 size 必须是数字');
    expect(validationMessage(issueOf(z.object({ wd: z.string() }), {}), 'zh-CN')).toBe('缺少参数 wd');
  });

  it('words the same in English', () => {
    expect(validationMessage(issueOf(page, { size: 0 }), 'en')).toBe('“size” must be at least 1');
    expect(validationMessage(issueOf(z.object({ wd: z.string() }), {}), 'en')).toBe('“wd” is required');
  });
});

describe('messageLanguageOf', () => {
  it('answers English only when English is preferred over Chinese', () => {
    expect(messageLanguageOf(undefined)).toBe('zh-CN');
    expect(messageLanguageOf('en-US,en;q=0.9')).toBe('en');
    expect(messageLanguageOf('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(messageLanguageOf('en;q=0.5,zh-TW;q=0.8')).toBe('zh-CN');
    expect(messageLanguageOf('fr-FR')).toBe('zh-CN');
  });
});
