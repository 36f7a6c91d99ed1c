import i18n from '../index';
import interaction from '../zh-CN/interaction';

/**
 * The zh-CN texts of interaction (favourites, comments, the activity feed): not in the public shell, they come with
 * the modules that show them (issue 17), as i18n/areas/member's do; a reading page's favourite button needs these
 * and not the member pages' and sign-in's. Those modules import `useTranslation` from here instead of `i18n/react`.
 */
i18n.add('zh-CN', { interaction });

export { useTranslation } from '../react';
