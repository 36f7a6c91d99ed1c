import { Migration } from '@mikro-orm/migrations';

export class Migration20261121120613_EmailCodes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "email_code" ("id" serial primary key, "email" varchar(128) not null, "type" varchar(32) not null, "code_hash" varchar(128) not null, "user_id" int not null default 0, "ip" varchar(64) not null default '', "attempts" smallint not null default 0, "used_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "email_code_email_type_index" on "email_code" ("email", "type");`);
    this.addSql(`create index "email_code_created_at_index" on "email_code" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_code" cascade;`);
  }
}
