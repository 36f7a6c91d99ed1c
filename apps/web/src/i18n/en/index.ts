import enAdmin from './admin';
import enArticle from './article';
import enAuth from './auth';
import enCommon from './common';
import enCredits from './credits';
import enDocuments from './documents';
import enError from './error';
import enHome from './home';
import enInteraction from './interaction';
import enMe from './me';
import enModeration from './moderation';
import enOauth from './oauth';
import enReader from './reader';
import enSearch from './search';
import enShell from './shell';
import enSpider from './spider';

/** Every English text, one file per area: loaded only when a visitor chooses English (issue 17). */
export const EN = {
  ...enCommon,
  error: enError,
  shell: enShell,
  auth: enAuth,
  me: enMe,
  admin: enAdmin,
  documents: enDocuments,
  search: enSearch,
  article: enArticle,
  reader: enReader,
  interaction: enInteraction,
  moderation: enModeration,
  home: enHome,
  credits: enCredits,
  oauth: enOauth,
  spider: enSpider,
};
