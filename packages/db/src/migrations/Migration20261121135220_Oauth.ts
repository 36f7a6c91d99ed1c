import { Migration } from '@mikro-orm/migrations';

export class Migration20261121135220_Oauth extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "oauth_scan" ("scene" varchar(32) not null, "status" smallint not null default 0, "oauth_id" int not null default 0, "user_id" int not null default 0, "ticket_hash" varchar(64) not null, "ip" varchar(64) not null default '', "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), constraint "oauth_scan_pkey" primary key ("scene"));`,
    );
    this.addSql(`create index "oauth_scan_expires_at_index" on "oauth_scan" ("expires_at");`);

    this.addSql(
      `create table "user_oauth" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null default 0, "oauth_type" smallint not null, "openid" varchar(128) not null, "unionid" varchar(128) not null default '', "username" varchar(128) not null default '', "nickname" varchar(128) not null default '', "avatar" varchar(512) not null default '', "email" varchar(128) not null default '');`,
    );
    this.addSql(`create index "user_oauth_user_id_index" on "user_oauth" ("user_id");`);
    this.addSql(
      `alter table "user_oauth" add constraint "user_oauth_oauth_type_openid_unique" unique ("oauth_type", "openid");`,
    );
    this.addSql(
      `create unique index "user_oauth_user_id_oauth_type_bound_unique" on "user_oauth" ("user_id", "oauth_type") where "user_id" > 0;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "oauth_scan" cascade;`);

    this.addSql(`drop table if exists "user_oauth" cascade;`);
  }
}
