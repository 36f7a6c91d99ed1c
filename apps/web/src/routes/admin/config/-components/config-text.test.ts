import { describe, expect, it } from 'vitest';
import { configRowText, parseOptions } from './config-text';

const row = {
  category: 'captcha',
  name: 'type',
  label: '验证码类型',
  placeholder: '默认为数字',
  options: 'string:字符串\nmath:算术\ndigit:数字\nextra:新选项',
};

describe('settings row texts', () => {
  it('parses key:label lines; a line without a colon is both', () => {
    expect(parseOptions('a:A\r\n\n b : B \nc')).toEqual([
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
      { value: 'c', label: 'c' },
    ]);
  });

  it('keeps the server’s Chinese for zh-CN', () => {
    expect(configRowText(row, 'zh-CN')).toEqual({
      label: row.label,
      placeholder: row.placeholder,
      options: row.options,
    });
  });

  it('shows English texts and relabels known option keys, keeping the server’s keys and order', () => {
    const en = configRowText(row, 'en');
    expect(en.label).toBe('Captcha type');
    expect(en.placeholder).toBe('Digits by default');
    expect(parseOptions(en.options)).toEqual([
      { value: 'string', label: 'Letters and digits' },
      { value: 'math', label: 'Arithmetic' },
      { value: 'digit', label: 'Digits' },
      { value: 'extra', label: '新选项' },
    ]);
  });

  it('falls back to the server’s texts for rows it does not know', () => {
    const unknown = { ...row, category: 'later', name: 'added' };
    expect(configRowText(unknown, 'en')).toEqual({
      label: row.label,
      placeholder: row.placeholder,
      options: row.options,
    });
  });
});
