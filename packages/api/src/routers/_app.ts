import { router } from '../trpc.ts';
import { articleRouter } from './article.router.ts';
import {
  advertisementRouter,
  attachmentRouter,
  bannerRouter,
  categoryRouter,
  friendlinkRouter,
  languageRouter,
  navigationRouter,
} from './catalogue.router.ts';
import { documentRouter } from './document.router.ts';
import { groupRouter, permissionRouter } from './group.router.ts';
import { commentRouter, dynamicRouter, favoriteRouter } from './interaction.router.ts';
import { punishmentRouter, reportRouter } from './moderation.router.ts';
import { oauthRouter } from './oauth.router.ts';
import { downcodeRouter, orderRouter, signRouter, vipRouter } from './order.router.ts';
import { searchRouter } from './search.router.ts';
import { smsRouter } from './sms.router.ts';
import { spiderDocumentRouter, spiderUrlRouter } from './spider.router.ts';
import { systemRouter } from './system.router.ts';
import { userRouter } from './user.router.ts';

export const appRouter = router({
  system: systemRouter,
  user: userRouter,
  group: groupRouter,
  permission: permissionRouter,
  category: categoryRouter,
  navigation: navigationRouter,
  friendlink: friendlinkRouter,
  banner: bannerRouter,
  advertisement: advertisementRouter,
  language: languageRouter,
  attachment: attachmentRouter,
  document: documentRouter,
  search: searchRouter,
  article: articleRouter,
  favorite: favoriteRouter,
  comment: commentRouter,
  dynamic: dynamicRouter,
  report: reportRouter,
  punishment: punishmentRouter,
  order: orderRouter,
  sign: signRouter,
  vip: vipRouter,
  downcode: downcodeRouter,
  sms: smsRouter,
  oauth: oauthRouter,
  spiderUrl: spiderUrlRouter,
  spiderDocument: spiderDocumentRouter,
});

export type AppRouter = typeof appRouter;
