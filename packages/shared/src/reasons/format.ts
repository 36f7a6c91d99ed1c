import type { Reason, ReasonParam } from './index.ts';

/** A template with its parameters filled in; a nested reason is rendered with the same templates. */
export function formatReason(
  templates: Readonly<Record<string, string>>,
  reason: Reason | { key: string; params?: Readonly<Record<string, ReasonParam>> },
): string {
  const template = templates[reason.key] ?? reason.key;
  const params = reason.params as Readonly<Record<string, ReasonParam>> | undefined;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (typeof value !== 'object') return String(value);
    // A name in both languages without a language to choose reads as the site's own text.
    return 'key' in value ? formatReason(templates, value) : value.text;
  });
}
