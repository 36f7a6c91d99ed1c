import { CONFIG_DEFINITIONS } from '@wenku/shared/config-definitions';
import { describe, expect, it } from 'vitest';
import { CONFIG_TEXTS } from './config-texts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const optionKeys = (options: string) =>
  options
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => (l.includes(':') ? l.slice(0, l.indexOf(':')) : l));
const optionLabels = (options: string) => options.split('\n').map((l) => l.slice(l.indexOf(':') + 1));

describe('English settings texts', () => {
  it('has an English label for every seeded settings row', () => {
    const missing = CONFIG_DEFINITIONS.filter((d) => !CONFIG_TEXTS[`${d.category}.${d.name}`]?.label.trim());
    expect(missing.map((d) => `${d.category}.${d.name}`)).toEqual([]);
  });

  it('translates every hint and every Chinese option, keeping the option keys', () => {
    for (const d of CONFIG_DEFINITIONS) {
      const en = CONFIG_TEXTS[`${d.category}.${d.name}`];
      const key = `${d.category}.${d.name}`;
      if (d.placeholder) expect(en?.placeholder, key).toBeTruthy();
      if (d.options && optionLabels(d.options).some((l) => CJK.test(l))) expect(en?.options, key).toBeTruthy();
      if (en?.options) expect(optionKeys(en.options), key).toEqual(optionKeys(d.options ?? ''));
    }
  });

  it('is English throughout and names no row that does not exist', () => {
    const rows = new Set(CONFIG_DEFINITIONS.map((d) => `${d.category}.${d.name}`));
    for (const [key, text] of Object.entries(CONFIG_TEXTS)) {
      expect(rows.has(key), key).toBe(true);
      // The default credit name 魔豆 is data the hint quotes.
      expect(CJK.test(`${text.label} ${text.placeholder ?? ''} ${text.options ?? ''}`.replace('魔豆', '')), key).toBe(
        false,
      );
    }
  });
});
