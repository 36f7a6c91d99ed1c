import { Migration } from '@mikro-orm/migrations';

export class Migration20261126084642_FileChallenge extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "file_challenge" ("id" varchar(64) not null, "user_id" int not null, "hash" varchar(64) not null, "expected" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "file_challenge_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "file_challenge_user_id_index" on "file_challenge" ("user_id");`);
    this.addSql(`create index "file_challenge_expires_at_index" on "file_challenge" ("expires_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "file_challenge" cascade;`);
  }
}
