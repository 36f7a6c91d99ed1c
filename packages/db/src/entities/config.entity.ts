import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { baseProperties, p } from './_common.ts';

/** One setting row (moredoc-facts §4): identified by (category, name), value always text. */
export const Config = defineEntity({
  name: 'Config',
  tableName: 'config',
  uniques: [{ properties: ['category', 'name'] }],
  properties: {
    ...baseProperties(),
    category: p.string().length(32).index(),
    name: p.string().length(64),
    label: p.string().length(128).default(''),
    value: p.text().default(''),
    placeholder: p.text().default(''),
    inputType: p.string().length(32).default('text'),
    sort: p.integer().default(0),
    options: p.text().default(''),
    isSecret: p.boolean().default(false),
    colNum: p.integer().default(24),
  },
});
export type IConfig = InferEntity<typeof Config>;
