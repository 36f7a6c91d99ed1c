import type { ConfigDTO } from '@wenku/shared';
import { CONFIG_TEXTS } from '@/i18n/en/config-texts';

/** `options` of a settings row: one `key:label` per line; a line without a colon is both (moredoc-facts §4). */
export function parseOptions(options: string): { value: string; label: string }[] {
  return options
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const i = l.indexOf(':');
      return i === -1 ? { value: l, label: l } : { value: l.slice(0, i).trim(), label: l.slice(i + 1).trim() };
    });
}

/** The server's options with the translated labels of the keys the translation knows (keys are the values). */
function relabelOptions(options: string, translated: string): string {
  const labels = new Map(parseOptions(translated).map((o) => [o.value, o.label]));
  return parseOptions(options)
    .map((o) => `${o.value}:${labels.get(o.value) ?? o.label}`)
    .join('\n');
}

export type ConfigRowText = Pick<ConfigDTO, 'label' | 'placeholder' | 'options'>;

/**
 * A settings row's label, placeholder and options in the reader's language: the server sends the spec's Chinese,
 * which zh-CN shows as it is; English comes from CONFIG_TEXTS by `category.name`.
 */
export function configRowText(
  row: Pick<ConfigDTO, 'category' | 'name'> & ConfigRowText,
  language: string,
): ConfigRowText {
  const en = language === 'en' ? CONFIG_TEXTS[`${row.category}.${row.name}`] : undefined;
  if (!en) return { label: row.label, placeholder: row.placeholder, options: row.options };
  return {
    label: en.label,
    placeholder: en.placeholder ?? row.placeholder,
    options: en.options ? relabelOptions(row.options, en.options) : row.options,
  };
}
