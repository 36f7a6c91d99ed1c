import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { baseProperties, p } from './_common.ts';

export const Category = defineEntity({
  name: 'Category',
  tableName: 'category',
  indexes: [{ properties: ['type', 'parentId'] }],
  properties: {
    ...baseProperties(),
    parentId: p.integer().default(0),
    title: p.string().length(64),
    icon: p.string().length(255).default(''),
    cover: p.string().length(255).default(''),
    docCount: p.integer().default(0),
    /** spec §3: 0 document, 1 article. */
    type: p.smallint().default(0),
    sort: p.integer().default(0),
    enable: p.boolean().default(true),
    description: p.text().default(''),
    showDescription: p.boolean().default(false),
  },
});
export type ICategory = InferEntity<typeof Category>;

export const Navigation = defineEntity({
  name: 'Navigation',
  tableName: 'navigation',
  properties: {
    ...baseProperties(),
    parentId: p.integer().default(0).index(),
    title: p.string().length(64),
    href: p.string().length(255).default(''),
    color: p.string().length(32).default(''),
    target: p.string().length(16).default('_self'),
    sort: p.integer().default(0),
    enable: p.boolean().default(true),
    fixed: p.boolean().default(false),
    description: p.string().length(255).default(''),
  },
});
export type INavigation = InferEntity<typeof Navigation>;

export const Friendlink = defineEntity({
  name: 'Friendlink',
  tableName: 'friendlink',
  properties: {
    ...baseProperties(),
    title: p.string().length(64),
    link: p.string().length(255),
    description: p.text().default(''),
    sort: p.integer().default(0),
    enable: p.boolean().default(true),
  },
});
export type IFriendlink = InferEntity<typeof Friendlink>;

export const Banner = defineEntity({
  name: 'Banner',
  tableName: 'banner',
  properties: {
    ...baseProperties(),
    title: p.string().length(255).default(''),
    description: p.string().length(255).default(''),
    path: p.string().length(255),
    url: p.string().length(255).default(''),
    sort: p.integer().default(0),
    enable: p.boolean().default(true),
    /** spec §3: 0 website, 1 mini-program, 2 app. */
    type: p.smallint().default(0),
  },
});
export type IBanner = InferEntity<typeof Banner>;

export const Advertisement = defineEntity({
  name: 'Advertisement',
  tableName: 'advertisement',
  properties: {
    ...baseProperties(),
    position: p.string().length(64).index(),
    title: p.string().length(255).default(''),
    content: p.text().default(''),
    remark: p.string().length(255).default(''),
    enable: p.boolean().default(true),
    startTime: p.datetime().nullable(),
    endTime: p.datetime().nullable(),
    userId: p.integer().default(0),
  },
});
export type IAdvertisement = InferEntity<typeof Advertisement>;

export const Language = defineEntity({
  name: 'Language',
  tableName: 'language',
  properties: {
    ...baseProperties(),
    language: p.string().length(64),
    code: p.string().length(16).unique(),
    enable: p.boolean().default(false),
    sort: p.integer().default(0),
  },
});
export type ILanguage = InferEntity<typeof Language>;
