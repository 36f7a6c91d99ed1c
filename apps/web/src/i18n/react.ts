import * as React from 'react';
import i18n, { type TFunction } from './index';

const currentLanguage = () => i18n.language;

/**
 * The texts of the current language for a component, re-rendered when the visitor switches language. Texts are
 * registered before a component renders (zh-CN in the shell, areas with their modules, a second language before it
 * is switched to), so there is nothing to wait for.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const language = React.useSyncExternalStore(i18n.subscribe, currentLanguage, currentLanguage);
  const t = React.useMemo(() => i18n.fixedT(language), [language]);
  return { t, i18n };
}
