import { Migration } from '@mikro-orm/migrations';

/** What a member's public card shows beside their documents and articles (name, avatar, counts). */
const USER_SHOWN = ['username', 'avatar', 'signature', 'status', 'doc_count', 'article_count'];
const row = (prefix: string, columns: string[]) => `(${columns.map((c) => `${prefix}."${c}"`).join(', ')})`;

/** Tables whose every write changes a painted page (the sequence and function come from PageCacheVersion). */
const ALWAYS: [string, string][] = [
  ['comment_shown_changed', 'comment'],
  ['advertisement_shown_changed', 'advertisement'],
  ['banner_shown_changed', 'banner'],
  ['friendlink_shown_changed', 'friendlink'],
];

/**
 * The server's painted pages now carry what the browser used to ask for after taking a page over (issue 17): a
 * reading page's comments, its uploader's card and related documents, and every page's advertisements (and, already,
 * the home page's banners and friend links). Writes to them bump the page version too, so a cached page never shows
 * a comment as it was before it was approved or deleted, nor an advertisement taken down. A member's logins and
 * credits leave pages alone: only what their public card shows counts.
 */
export class Migration20261127100000_PageCacheVersionShown extends Migration {
  override async up(): Promise<void> {
    for (const [name, table] of ALWAYS) {
      this.addSql(
        `create constraint trigger "${name}" after insert or update or delete on "${table}" deferrable initially deferred for each row execute function wenku_pages_changed();`,
      );
    }
    this.addSql(
      `create constraint trigger "user_shown_changed" after update on "user" deferrable initially deferred for each row when (${row('old', USER_SHOWN)} is distinct from ${row('new', USER_SHOWN)}) execute function wenku_pages_changed();`,
    );
  }

  override async down(): Promise<void> {
    for (const [name, table] of [...ALWAYS, ['user_shown_changed', 'user']]) {
      this.addSql(`drop trigger if exists "${name}" on "${table}";`);
    }
  }
}
