import zhAdminShared from './admin-shared';
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

/** Every zh-CN text a public page may need, one file per area: the default language, in the entry chunk. */
export const ZH_CN = {
  ...zhCommon,
  error: zhError,
  shell: zhShell,
  auth: zhAuth,
  me: zhMe,
  // The rest of the back office's texts load when it is opened (loadAdminTexts).
  admin: zhAdminShared,
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
