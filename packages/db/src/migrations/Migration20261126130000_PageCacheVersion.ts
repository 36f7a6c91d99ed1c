import { Migration } from '@mikro-orm/migrations';

const DOCUMENT_SHOWN = [
  'status',
  'deleted_at',
  'title',
  'keywords',
  'description',
  'price',
  'is_vip',
  'user_id',
  'hash',
  'pages',
  'preview',
  'recommend_at',
  'language',
];
const ARTICLE_SHOWN = [
  'status',
  'deleted_at',
  'title',
  'keywords',
  'description',
  'content',
  'cover',
  'recommend_at',
  'identifier',
  'user_id',
];
const row = (prefix: string, columns: string[]) => `(${columns.map((c) => `${prefix}."${c}"`).join(', ')})`;
const shownChanged = (columns: string[]) => `(${row('old', columns)} is distinct from ${row('new', columns)})`;

/**
 * What the server's painted pages show changed (issue 20): a sequence every web process reads before it hands out a
 * cached page, bumped at commit by the writes that change what visitors see (a document or article approved, edited,
 * deleted; categories; the links between them), not by view or download counters. A sequence takes no lock, so
 * writers never wait on each other for it; the embedded database runs the same triggers.
 */
export class Migration20261126130000_PageCacheVersion extends Migration {
  override async up(): Promise<void> {
    this.addSql('create sequence if not exists "wenku_pages_version";');
    this.addSql(`create or replace function wenku_pages_changed() returns trigger language plpgsql as $$
begin
  perform nextval('wenku_pages_version');
  return null;
end $$;`);
    const always = (name: string, table: string) =>
      `create constraint trigger "${name}" after insert or update or delete on "${table}" deferrable initially deferred for each row execute function wenku_pages_changed();`;
    this.addSql(
      `create constraint trigger "document_shown_changed" after update on "document" deferrable initially deferred for each row when ${shownChanged(DOCUMENT_SHOWN)} execute function wenku_pages_changed();`,
    );
    this.addSql(
      `create constraint trigger "document_shown_added" after insert or delete on "document" deferrable initially deferred for each row execute function wenku_pages_changed();`,
    );
    this.addSql(
      `create constraint trigger "article_shown_changed" after update on "article" deferrable initially deferred for each row when ${shownChanged(ARTICLE_SHOWN)} execute function wenku_pages_changed();`,
    );
    this.addSql(
      `create constraint trigger "article_shown_added" after insert or delete on "article" deferrable initially deferred for each row execute function wenku_pages_changed();`,
    );
    this.addSql(always('category_shown_changed', 'category'));
    this.addSql(always('document_category_shown_changed', 'document_category'));
    this.addSql(always('article_category_shown_changed', 'article_category'));
  }

  override async down(): Promise<void> {
    for (const [name, table] of [
      ['document_shown_changed', 'document'],
      ['document_shown_added', 'document'],
      ['article_shown_changed', 'article'],
      ['article_shown_added', 'article'],
      ['category_shown_changed', 'category'],
      ['document_category_shown_changed', 'document_category'],
      ['article_category_shown_changed', 'article_category'],
    ]) {
      this.addSql(`drop trigger if exists "${name}" on "${table}";`);
    }
    this.addSql('drop function if exists wenku_pages_changed();');
    this.addSql('drop sequence if exists "wenku_pages_version";');
  }
}
