import { Article, ArticleCategory } from './article.entity.ts';
import { Attachment } from './attachment.entity.ts';
import { Advertisement, Banner, Category, Friendlink, Language, Navigation } from './catalogue.entity.ts';
import { Config } from './config.entity.ts';
import { CreditLog } from './credit.entity.ts';
import {
  AttachmentContent,
  Document,
  DocumentCategory,
  DocumentPage,
  DocumentScore,
  Download,
  ReadingPosition,
} from './document.entity.ts';
import { Group, GroupPermission, Permission, UserGroup } from './group.entity.ts';
import { Comment, Dynamic, Favorite } from './interaction.entity.ts';
import { Punishment, Report } from './moderation.entity.ts';
import { OauthScan, UserOauth } from './oauth.entity.ts';
import { DownloadCode, Order, PaymentLog, UserSign, UserVip } from './order.entity.ts';
import { SearchIndex, SearchQueue, SearchRebuild, SearchRecord } from './search.entity.ts';
import {
  Captcha,
  EmailCode,
  FileChallenge,
  RateLimit,
  RevokedToken,
  SmsLog,
  UnfinishedUpload,
} from './security.entity.ts';
import { SpiderDocument, SpiderUrl } from './spider.entity.ts';
import { User } from './user.entity.ts';

export * from './article.entity.ts';
export * from './attachment.entity.ts';
export * from './catalogue.entity.ts';
export * from './config.entity.ts';
export * from './credit.entity.ts';
export * from './document.entity.ts';
export * from './group.entity.ts';
export * from './interaction.entity.ts';
export * from './moderation.entity.ts';
export * from './oauth.entity.ts';
export * from './order.entity.ts';
export * from './search.entity.ts';
export * from './security.entity.ts';
export * from './spider.entity.ts';
export * from './user.entity.ts';

/** Every entity, listed explicitly (ARCHITECTURE.md rule 8). */
export const ENTITIES = [
  User,
  Group,
  UserGroup,
  Permission,
  GroupPermission,
  Config,
  Category,
  Navigation,
  Friendlink,
  Banner,
  Advertisement,
  Language,
  Attachment,
  RevokedToken,
  Captcha,
  RateLimit,
  EmailCode,
  SmsLog,
  FileChallenge,
  UnfinishedUpload,
  CreditLog,
  Document,
  DocumentCategory,
  AttachmentContent,
  Download,
  DocumentScore,
  DocumentPage,
  ReadingPosition,
  SearchIndex,
  SearchQueue,
  SearchRebuild,
  SearchRecord,
  Article,
  ArticleCategory,
  Favorite,
  Comment,
  Report,
  Punishment,
  Dynamic,
  Order,
  UserVip,
  UserSign,
  DownloadCode,
  PaymentLog,
  UserOauth,
  OauthScan,
  SpiderUrl,
  SpiderDocument,
];
