import { Migration } from '@mikro-orm/migrations';

export class Migration20261126100000_Compat extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "article" add column "source" varchar(255) not null default '';`);
    this.addSql(`alter table "article" add column "source_url" varchar(1024) not null default '';`);
    this.addSql(`alter table "user" add column "kept_token_id" varchar(64) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "article" drop column "source";`);
    this.addSql(`alter table "article" drop column "source_url";`);
    this.addSql(`alter table "user" drop column "kept_token_id";`);
  }
}
