import * as React from 'react';
import fill from 'templite';
import { useTranslation } from './react';

/** `<name>…</name>` in a text: the part wrapped by the element `components[name]`. */
const TAG = /<([a-z][a-z0-9]*)>(.*?)<\/\1>/gis;

/**
 * A text that wraps elements (`<em>{{count}}</em>` in the text, `components={{ em: <strong /> }}`), in the current
 * language. The markup is read from the text as written and the values are put in afterwards, as text: a value
 * holding `<em>` (a credit name the administrator typed) shows as it is and wraps nothing. A tag with no component
 * of its name is shown as written.
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: string;
  values?: Record<string, unknown>;
  components: Record<string, React.ReactElement<{ children?: React.ReactNode }>>;
}) {
  const { i18n } = useTranslation();
  const template = i18n.template(i18nKey, i18n.language);
  if (template === undefined) return i18nKey;
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of template.matchAll(TAG)) {
    const [whole, name = '', inner = ''] = match;
    const component = components[name];
    if (!component) continue;
    parts.push(fill(template.slice(last, match.index), values ?? {}));
    parts.push(React.cloneElement(component, { key: parts.length }, fill(inner, values ?? {})));
    last = match.index + whole.length;
  }
  parts.push(fill(template.slice(last), values ?? {}));
  return parts;
}
