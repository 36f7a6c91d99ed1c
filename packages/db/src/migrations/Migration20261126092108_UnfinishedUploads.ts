import { Migration } from '@mikro-orm/migrations';

export class Migration20261126092108_UnfinishedUploads extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "unfinished_upload" ("id" varchar(80) not null, "user_id" int not null, "size" bigint null, "created_at" timestamptz not null default now(), constraint "unfinished_upload_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "unfinished_upload_user_id_index" on "unfinished_upload" ("user_id");`);
    this.addSql(`create index "unfinished_upload_created_at_index" on "unfinished_upload" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "unfinished_upload" cascade;`);
  }
}
