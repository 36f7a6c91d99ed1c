import i18n from '../index';
import spider from '../zh-CN/spider';

/**
 * The zh-CN texts of spider: not in the public shell, they come with the modules that show them (issue 17).
 * Those import `useTranslation` from here instead of `i18n/react`, so the texts are registered before the first
 * render and travel with the component wherever the bundler splits it; the back office loads them with its own.
 */
i18n.add('zh-CN', { spider });

export { useTranslation } from '../react';
