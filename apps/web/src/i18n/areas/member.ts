import i18n from '../index';
import me from '../zh-CN/me';
import oauth from '../zh-CN/oauth';
// The member pages show favourites and comments too: interaction's texts come with these.
import './interaction';

/**
 * The zh-CN texts of me and oauth (and interaction, ./interaction): not in the public shell, they come with the
 * modules that show them (issue 17). Those import `useTranslation` from here instead of `i18n/react`, so the texts
 * are registered before the first render and travel with the component wherever the bundler splits it; the back
 * office loads them with its own.
 */
i18n.add('zh-CN', { me, oauth });

export { useTranslation } from '../react';
