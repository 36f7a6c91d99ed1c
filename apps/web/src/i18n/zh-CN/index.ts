import zhAdmin from './admin';
import zhArticle from './article';
import zhAuth from './auth';
import zhCommon from './common';
import zhCredits from './credits';
import zhDocuments from './documents';
import zhError from './error';
import zhHome from './home';
import zhInteraction from './interaction';
import zhMe from './me';
import zhModeration from './moderation';
import zhOauth from './oauth';
import zhReader from './reader';
import zhSearch from './search';
import zhShell from './shell';
import zhSpider from './spider';

/** Every zh-CN text, one file per area: the default language, in the entry chunk. */
export const ZH_CN = {
  ...zhCommon,
  error: zhError,
  shell: zhShell,
  auth: zhAuth,
  me: zhMe,
  admin: zhAdmin,
  documents: zhDocuments,
  search: zhSearch,
  article: zhArticle,
  reader: zhReader,
  interaction: zhInteraction,
  moderation: zhModeration,
  home: zhHome,
  credits: zhCredits,
  oauth: zhOauth,
  spider: zhSpider,
};
