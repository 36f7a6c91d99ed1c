import { Migration } from '@mikro-orm/migrations';

/**
 * The data model in the schema (issue 21): foreign keys on every column that always names a row of another table.
 * Rows that would break a key are cleaned first (docs/decisions.md, "Foreign keys"): rows that only make sense with
 * their parent (links, ratings, favourites, VIP cards, …) are deleted; documents and articles whose
 * owner is gone are kept and handed to the root administrator. Every key is DEFERRABLE (checked at once unless a
 * transaction defers it) so that `db:copy-to` and `db:restore` write tables in any order inside their one transaction.
 */
export const FOREIGN_KEYS: readonly ForeignKey[] = [
  { table: 'user_group', column: 'user_id', references: 'user', onDelete: 'cascade' },
  { table: 'user_group', column: 'group_id', references: 'group', onDelete: 'cascade' },
  { table: 'group_permission', column: 'group_id', references: 'group', onDelete: 'cascade' },
  { table: 'group_permission', column: 'permission_id', references: 'permission', onDelete: 'cascade' },
  { table: 'document', column: 'user_id', references: 'user', onDelete: 'no action' },
  { table: 'document_category', column: 'document_id', references: 'document', onDelete: 'cascade' },
  { table: 'document_category', column: 'category_id', references: 'category', onDelete: 'cascade' },
  { table: 'document_score', column: 'document_id', references: 'document', onDelete: 'cascade' },
  { table: 'document_score', column: 'user_id', references: 'user', onDelete: 'cascade' },
  { table: 'reading_position', column: 'document_id', references: 'document', onDelete: 'cascade' },
  { table: 'reading_position', column: 'user_id', references: 'user', onDelete: 'cascade' },
  { table: 'download', column: 'document_id', references: 'document', onDelete: 'cascade' },
  { table: 'article', column: 'user_id', references: 'user', onDelete: 'no action' },
  { table: 'article_category', column: 'article_id', references: 'article', onDelete: 'cascade' },
  { table: 'article_category', column: 'category_id', references: 'category', onDelete: 'cascade' },
  { table: 'favorite', column: 'user_id', references: 'user', onDelete: 'cascade' },
  { table: 'comment', column: 'user_id', references: 'user', onDelete: 'cascade' },
  { table: 'report', column: 'user_id', references: 'user', onDelete: 'cascade' },
  { table: 'punishment', column: 'user_id', references: 'user', onDelete: 'cascade' },
  { table: 'user_vip', column: 'user_id', references: 'user', onDelete: 'cascade' },
  { table: 'user_sign', column: 'user_id', references: 'user', onDelete: 'cascade' },
  { table: 'file_challenge', column: 'user_id', references: 'user', onDelete: 'cascade' },
  { table: 'unfinished_upload', column: 'user_id', references: 'user', onDelete: 'cascade' },
];

export interface ForeignKey {
  table: string;
  column: string;
  references: string;
  /** `cascade`: the row goes with its parent; `no action`: the parent cannot go while the row is there. */
  onDelete: 'cascade' | 'no action';
}

/** MikroORM's name for the key, so that a generated migration sees it as its own. */
export const foreignKeyName = (fk: ForeignKey) => `${fk.table}_${fk.column}_foreign`;

/** FK columns that no index starts with (PostgreSQL indexes no referencing column by itself). */
const MISSING_INDEXES = [{ table: 'document_score', column: 'user_id' }];

const orphans = (fk: ForeignKey) =>
  `not exists (select 1 from "${fk.references}" p where p.id = "${fk.table}"."${fk.column}")`;

export class Migration20261126150000_ForeignKeys extends Migration {
  override async up(): Promise<void> {
    const root = 1;
    // Content keeps living: a document or article whose owner was deleted goes to the root administrator (the
    // recycle bin's ones too, so they can still be restored or purged), and live ones count on the root's profile.
    for (const [table, counter] of [
      ['document', 'doc_count'],
      ['article', 'article_count'],
    ] as const) {
      const fk = { table, column: 'user_id', references: 'user', onDelete: 'no action' } as const;
      this.addSql(
        `update "user" set ${counter} = ${counter} + (select count(*) from "${table}" where deleted_at is null and ${orphans(fk)}) where id = ${root};`,
      );
      this.addSql(
        `update "${table}" set user_id = ${root} where ${orphans(fk)} and exists (select 1 from "user" where id = ${root});`,
      );
    }
    // Everything else that names a missing row only made sense with it: it goes, parents before children (a
    // document removed above would leave its own rows behind otherwise).
    for (const fk of FOREIGN_KEYS) this.addSql(`delete from "${fk.table}" where ${orphans(fk)};`);
    // The page-cache triggers are deferred to the commit; a table with pending ones cannot be altered.
    this.addSql('set constraints all immediate;');
    for (const i of MISSING_INDEXES) {
      this.addSql(`create index "${i.table}_${i.column}_index" on "${i.table}" ("${i.column}");`);
    }
    for (const fk of FOREIGN_KEYS) {
      this.addSql(
        `alter table "${fk.table}" add constraint "${foreignKeyName(fk)}" foreign key ("${fk.column}") references "${fk.references}" ("id") on update cascade on delete ${fk.onDelete} deferrable initially immediate;`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const fk of FOREIGN_KEYS) {
      this.addSql(`alter table "${fk.table}" drop constraint "${foreignKeyName(fk)}";`);
    }
    for (const i of MISSING_INDEXES) this.addSql(`drop index "${i.table}_${i.column}_index";`);
  }
}
