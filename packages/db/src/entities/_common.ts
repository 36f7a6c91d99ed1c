import { defineEntity } from '@mikro-orm/core';

const p = defineEntity.properties;

/** Columns every table carries: an auto-increment id and the two timestamps. */
export const baseProperties = () => ({
  id: p.integer().primary().autoincrement(),
  createdAt: p
    .datetime()
    .onCreate(() => new Date())
    .defaultRaw('now()'),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date())
    .defaultRaw('now()'),
});

export { p };
