import i18n from '../index';
import account from '../zh-CN/account';

/**
 * The zh-CN texts of the member pages and the signed-in members' forms (upload, post, /me/*, orders, VIP, registration,
 * password recovery, profile): sub-groups of documents, credits, auth and article, not in the public shell, that come
 * with the modules that show them (issue 17). Deep-merged into their groups, next to what the shell has of them.
 * Those modules import `useTranslation` from here instead of `i18n/react` (or this module for its side effect, outside
 * route files), so the texts are registered before the first render; the back office loads them with its own.
 */
i18n.add('zh-CN', account);

export { useTranslation } from '../react';
