import { Migration } from '@mikro-orm/migrations';

export class Migration20261121074424_DocumentPages extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "document_page" ("hash" varchar(32) not null, "page" int not null, "content" text not null default '', "lines" jsonb not null, constraint "document_page_pkey" primary key ("hash", "page"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "document_page" cascade;`);
  }
}
