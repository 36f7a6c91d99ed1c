import { Migration } from '@mikro-orm/migrations';

/**
 * A document notifies the channel `wenku_documents` (`<id> <hash>`) on commit when what its page images depend on
 * changes (status, deletion, previews, owner, file) or when it is deleted: web processes keep what `/view/page` checks
 * in memory and drop it then (issue 19).
 */
export class Migration20261126100000_PageAccessNotify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function wenku_document_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('wenku_documents', old.id || ' ' || old.hash);
  return null;
end $$;`);
    this.addSql(`create trigger "document_pages_changed" after update on "document" for each row
      when (old.status is distinct from new.status or old.deleted_at is distinct from new.deleted_at
        or old.preview is distinct from new.preview or old.preview_ext is distinct from new.preview_ext
        or old.enable_gzip is distinct from new.enable_gzip or old.user_id is distinct from new.user_id
        or old.hash is distinct from new.hash)
      execute function wenku_document_changed();`);
    this.addSql(
      `create trigger "document_removed" after delete on "document" for each row execute function wenku_document_changed();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "document_pages_changed" on "document";`);
    this.addSql(`drop trigger if exists "document_removed" on "document";`);
    this.addSql(`drop function if exists wenku_document_changed();`);
  }
}
