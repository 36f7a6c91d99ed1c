import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 20, the reader: each page's headings and paragraphs for the text mode (null on pages converted before; the
 * reader derives them from the line boxes until a reconversion), and where a member stopped reading a document.
 */
export class Migration20261126123000_Reader extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "document_page" add column "blocks" jsonb null;`);

    this.addSql(
      `create table "reading_position" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "document_id" int not null, "page" int not null);`,
    );
    this.addSql(`create index "reading_position_document_id_index" on "reading_position" ("document_id");`);
    this.addSql(
      `alter table "reading_position" add constraint "reading_position_user_id_document_id_unique" unique ("user_id", "document_id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "reading_position" cascade;`);
    this.addSql(`alter table "document_page" drop column "blocks";`);
  }
}
