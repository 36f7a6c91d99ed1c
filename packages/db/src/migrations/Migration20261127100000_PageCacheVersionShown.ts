import { Migration } from '@mikro-orm/migrations';

/** What a member's public card shows beside their documents and articles (name, avatar, counts). */
const USER_SHOWN = ['username', 'avatar', 'signature', 'status', 'doc_count', 'article_count'];
const PUBLISHED = '(old.doc_count > 0 or old.article_count > 0 or new.doc_count > 0 or new.article_count > 0)';
const row = (prefix: string, columns: string[]) => `(${columns.map((c) => `${prefix}."${c}"`).join(', ')})`;

/** Tables whose every write changes a painted page (the sequence and function come from PageCacheVersion). */
const ALWAYS: [string, string][] = [
  ['advertisement_shown_changed', 'advertisement'],
  ['banner_shown_changed', 'banner'],
  ['friendlink_shown_changed', 'friendlink'],
];

/** Comments visitors see: approved ones (status 1). One awaiting review or rejected shows on no painted page. */
const APPROVED = 1;
const trigger = (name: string, table: string, events: string, when: string) =>
  `create constraint trigger "${name}" after ${events} on "${table}" deferrable initially deferred for each row when (${when}) execute function wenku_pages_changed();`;
const CONDITIONAL: [string, string, string, string][] = [
  ['comment_shown_added', 'comment', 'insert', `new.status = ${APPROVED}`],
  ['comment_shown_removed', 'comment', 'delete', `old.status = ${APPROVED}`],
  [
    'comment_shown_changed',
    'comment',
    'update',
    `(old.status = ${APPROVED} or new.status = ${APPROVED}) and ${row('old', ['status', 'content'])} is distinct from ${row('new', ['status', 'content'])}`,
  ],
  // A member's card is painted beside their documents and articles: one with nothing published shows on no cached page
  // but their own (which may lag by the cache's minute), so changing it again and again drops nothing.
  [
    'user_shown_changed',
    'user',
    'update',
    `${PUBLISHED} and ${row('old', USER_SHOWN)} is distinct from ${row('new', USER_SHOWN)}`,
  ],
];

/**
 * The server's painted pages now carry what the browser used to ask for after taking a page over (issue 17): a
 * reading page's comments, its uploader's card and related documents, and every page's advertisements (and, already,
 * the home page's banners and friend links). Writes to them bump the page version too, so a cached page never shows
 * a comment as it was before it was approved or deleted, nor an advertisement taken down. What visitors do not see
 * leaves pages alone, so that a member cannot have every page painted anew at will: a comment awaiting review or
 * rejected, a member's logins and credits (only what their public card shows counts, and only once they have published).
 */
export class Migration20261127100000_PageCacheVersionShown extends Migration {
  override async up(): Promise<void> {
    for (const [name, table] of ALWAYS) {
      this.addSql(
        `create constraint trigger "${name}" after insert or update or delete on "${table}" deferrable initially deferred for each row execute function wenku_pages_changed();`,
      );
    }
    for (const [name, table, events, when] of CONDITIONAL) this.addSql(trigger(name, table, events, when));
  }

  override async down(): Promise<void> {
    for (const [name, table] of [...ALWAYS, ...CONDITIONAL]) {
      this.addSql(`drop trigger if exists "${name}" on "${table}";`);
    }
  }
}
