import type { TFunction } from 'i18next';
import * as React from 'react';
import i18n from './index';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const currentLanguage = () => i18n.language;

/**
 * The texts of the current language for a component, re-rendered when the visitor switches language: what the app
 * used of react-i18next's hook (`t` and the instance), without its 5 KB gzip in every public page (issue 17). Texts
 * are registered before a component renders (zh-CN in the shell, areas with their modules, a second language before
 * it is switched to), so there is nothing to wait for. `Trans` still comes from react-i18next, with the instance
 * passed in, where a text wraps elements (two modules that load when used).
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const language = React.useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  const t = React.useMemo(() => i18n.getFixedT(language), [language]);
  return { t, i18n };
}
