import { defineEntity } from '@mikro-orm/core';

const p = defineEntity.properties;

/** When the row was written: set on insert, by the database's clock when the insert does not name it. */
export const createdAtColumn = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .defaultRaw('now()');
/** When the row last changed: set on insert and on every update. */
export const updatedAtColumn = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date())
    .defaultRaw('now()');

/** Columns every table carries: an auto-increment id and the two timestamps. */
export const baseProperties = () => ({
  id: p.integer().primary().autoincrement(),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export { p };

/**
 * A column that names a row of another table by its id: a foreign key (issue 21; the ForeignKeys migration holds the
 * clean-up and the list), read and written as the plain id. `cascade`: the row goes with the row it names; `no
 * action`: that row cannot go while this one names it. Deferrable, so a copy in one transaction may write children
 * before parents.
 */
export const references = <Target extends Parameters<typeof p.manyToOne>[0]>(
  target: Target,
  column: string,
  onDelete: 'cascade' | 'no action',
) => p.manyToOne(target).mapToPk().fieldName(column).deleteRule(onDelete).deferMode('immediate');
