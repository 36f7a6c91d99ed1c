import type * as React from 'react';
import { Trans as I18nextTrans } from 'react-i18next';
import { useTranslation } from './react';

/**
 * A text that wraps elements (`<em>…</em>` in the text, `components={{ em: <strong /> }}`): react-i18next's Trans
 * bound to the app's instance and current language, since components read texts through `./react` without
 * react-i18next's provider. Loads react-i18next only with the modules that use it (issue 17).
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: string;
  values?: Record<string, unknown>;
  components: Record<string, React.ReactElement>;
}) {
  const { t, i18n } = useTranslation();
  return <I18nextTrans i18n={i18n} t={t} i18nKey={i18nKey} values={values} components={components} />;
}
