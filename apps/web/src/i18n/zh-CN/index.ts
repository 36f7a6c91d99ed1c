import zhAdminShared from './admin-shared';
import zhArticle from './article';
import zhAuth from './auth';
import zhCommon from './common';
import zhCredits from './credits';
import zhDocuments from './documents';
import zhError from './error';
import zhHome from './home';
import zhReader from './reader';
import zhSearch from './search';
import zhShell from './shell';

/**
 * The zh-CN texts most public pages need, one file per area: the default language, in the public shell. The texts
 * of the member pages, comments and sign-in providers (me, interaction, oauth), of reports (moderation) and of the
 * crawler (spider) come with the modules that show them (i18n/areas), and so do the sub-groups of documents, credits,
 * auth and article that only member pages and signed-in members' forms use (account.ts, i18n/areas/account); the
 * back office's sub-groups of documents, auth and home (back-office.ts) load with its texts (loadAdminTexts).
 */
export const ZH_CN = {
  ...zhCommon,
  error: zhError,
  shell: zhShell,
  auth: zhAuth,
  // The rest of the back office's texts load when it is opened (loadAdminTexts).
  admin: zhAdminShared,
  documents: zhDocuments,
  search: zhSearch,
  article: zhArticle,
  reader: zhReader,
  home: zhHome,
  credits: zhCredits,
};
