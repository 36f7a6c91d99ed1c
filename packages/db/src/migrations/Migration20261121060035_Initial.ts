import { Migration } from '@mikro-orm/migrations';

export class Migration20261121060035_Initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "advertisement" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "position" varchar(64) not null, "title" varchar(255) not null default '', "content" text not null default '', "remark" varchar(255) not null default '', "enable" boolean not null default true, "start_time" timestamptz null, "end_time" timestamptz null, "user_id" int not null default 0);`,
    );
    this.addSql(`create index "advertisement_position_index" on "advertisement" ("position");`);

    this.addSql(
      `create table "attachment" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "hash" varchar(64) not null, "user_id" int not null default 0, "type_id" int not null default 0, "type" smallint not null default 0, "enable" boolean not null default true, "path" varchar(255) not null, "name" varchar(255) not null default '', "size" bigint not null default 0, "width" int not null default 0, "height" int not null default 0, "ext" varchar(32) not null default '', "ip" varchar(64) not null default '', "description" varchar(255) not null default '', "deleted_at" timestamptz null);`,
    );
    this.addSql(`create index "attachment_hash_index" on "attachment" ("hash");`);
    this.addSql(`create index "attachment_user_id_index" on "attachment" ("user_id");`);
    this.addSql(`create index "attachment_deleted_at_index" on "attachment" ("deleted_at");`);
    this.addSql(`create index "attachment_type_type_id_index" on "attachment" ("type", "type_id");`);

    this.addSql(
      `create table "banner" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "title" varchar(255) not null default '', "description" varchar(255) not null default '', "path" varchar(255) not null, "url" varchar(255) not null default '', "sort" int not null default 0, "enable" boolean not null default true, "type" smallint not null default 0);`,
    );

    this.addSql(
      `create table "captcha" ("id" varchar(64) not null, "type" varchar(32) not null, "answer_hash" varchar(128) not null, "expires_at" timestamptz not null, constraint "captcha_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "captcha_expires_at_index" on "captcha" ("expires_at");`);

    this.addSql(
      `create table "category" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "parent_id" int not null default 0, "title" varchar(64) not null, "icon" varchar(255) not null default '', "cover" varchar(255) not null default '', "doc_count" int not null default 0, "type" smallint not null default 0, "sort" int not null default 0, "enable" boolean not null default true, "description" text not null default '', "show_description" boolean not null default false);`,
    );
    this.addSql(`create index "category_type_parent_id_index" on "category" ("type", "parent_id");`);

    this.addSql(
      `create table "config" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "category" varchar(32) not null, "name" varchar(64) not null, "label" varchar(128) not null default '', "value" text not null default '', "placeholder" text not null default '', "input_type" varchar(32) not null default 'text', "sort" int not null default 0, "options" text not null default '', "is_secret" boolean not null default false, "col_num" int not null default 24);`,
    );
    this.addSql(`create index "config_category_index" on "config" ("category");`);
    this.addSql(`alter table "config" add constraint "config_category_name_unique" unique ("category", "name");`);

    this.addSql(
      `create table "credit_log" ("id" bigserial primary key, "user_id" int not null, "delta" int not null, "balance_after" int not null, "reason" varchar(32) not null, "ref_key" varchar(128) null, "remark" varchar(255) not null default '', "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "credit_log_user_id_created_at_index" on "credit_log" ("user_id", "created_at");`);
    this.addSql(
      `alter table "credit_log" add constraint "credit_log_reason_ref_key_unique" unique ("reason", "ref_key");`,
    );

    this.addSql(
      `create table "friendlink" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "title" varchar(64) not null, "link" varchar(255) not null, "description" text not null default '', "sort" int not null default 0, "enable" boolean not null default true);`,
    );

    this.addSql(
      `create table "group" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "title" varchar(64) not null, "color" varchar(20) not null default '', "is_default" boolean not null default false, "is_display" boolean not null default false, "description" varchar(255) not null default '', "user_count" int not null default 0, "sort" int not null default 0, "enable_upload" boolean not null default false, "enable_document_review" boolean not null default true, "enable_comment" boolean not null default true, "enable_comment_approval" boolean not null default false, "enable_article" boolean not null default true, "enable_article_approval" boolean not null default false);`,
    );
    this.addSql(`alter table "group" add constraint "group_title_unique" unique ("title");`);
    this.addSql(`create index "group_is_default_index" on "group" ("is_default");`);

    this.addSql(
      `create table "group_permission" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "group_id" int not null, "permission_id" int not null);`,
    );
    this.addSql(`create index "group_permission_group_id_index" on "group_permission" ("group_id");`);
    this.addSql(`create index "group_permission_permission_id_index" on "group_permission" ("permission_id");`);
    this.addSql(
      `alter table "group_permission" add constraint "group_permission_group_id_permission_id_unique" unique ("group_id", "permission_id");`,
    );

    this.addSql(
      `create table "language" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "language" varchar(64) not null, "code" varchar(16) not null, "enable" boolean not null default false, "sort" int not null default 0);`,
    );
    this.addSql(`alter table "language" add constraint "language_code_unique" unique ("code");`);

    this.addSql(
      `create table "navigation" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "parent_id" int not null default 0, "title" varchar(64) not null, "href" varchar(255) not null default '', "color" varchar(32) not null default '', "target" varchar(16) not null default '_self', "sort" int not null default 0, "enable" boolean not null default true, "fixed" boolean not null default false, "description" varchar(255) not null default '');`,
    );
    this.addSql(`create index "navigation_parent_id_index" on "navigation" ("parent_id");`);

    this.addSql(
      `create table "permission" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "method" varchar(16) not null, "path" varchar(128) not null, "title" varchar(128) not null default '', "description" varchar(255) not null default '');`,
    );
    this.addSql(`alter table "permission" add constraint "permission_method_path_unique" unique ("method", "path");`);

    this.addSql(
      `create table "rate_limit" ("key" varchar(255) not null, "points" int not null default 0, "expire" bigint null, constraint "rate_limit_pkey" primary key ("key"));`,
    );

    this.addSql(
      `create table "revoked_token" ("jti" varchar(64) not null, "user_id" int not null default 0, "expires_at" timestamptz not null, constraint "revoked_token_pkey" primary key ("jti"));`,
    );
    this.addSql(`create index "revoked_token_expires_at_index" on "revoked_token" ("expires_at");`);

    this.addSql(
      `create table "user" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "username" varchar(64) not null, "password" varchar(255) not null, "email" varchar(128) not null default '', "mobile" varchar(20) not null default '', "avatar" varchar(255) not null default '', "realname" varchar(64) not null default '', "identity" varchar(32) not null default '', "address" varchar(255) not null default '', "signature" varchar(255) not null default '', "remark" varchar(255) not null default '', "status" smallint not null default 0, "credit_count" int not null default 0, "doc_count" int not null default 0, "article_count" int not null default 0, "favorite_count" int not null default 0, "comment_count" int not null default 0, "follow_count" int not null default 0, "fans_count" int not null default 0, "register_ip" varchar(64) not null default '', "last_login_ip" varchar(64) not null default '', "login_at" timestamptz null, "tokens_valid_after" timestamptz null);`,
    );
    this.addSql(`alter table "user" add constraint "user_username_unique" unique ("username");`);
    this.addSql(`create index "user_email_index" on "user" ("email");`);
    this.addSql(`create index "user_mobile_index" on "user" ("mobile");`);
    this.addSql(`create index "user_status_index" on "user" ("status");`);

    this.addSql(
      `create table "user_group" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "group_id" int not null);`,
    );
    this.addSql(`create index "user_group_user_id_index" on "user_group" ("user_id");`);
    this.addSql(`create index "user_group_group_id_index" on "user_group" ("group_id");`);
    this.addSql(
      `alter table "user_group" add constraint "user_group_user_id_group_id_unique" unique ("user_id", "group_id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "advertisement" cascade;`);

    this.addSql(`drop table if exists "attachment" cascade;`);

    this.addSql(`drop table if exists "banner" cascade;`);

    this.addSql(`drop table if exists "captcha" cascade;`);

    this.addSql(`drop table if exists "category" cascade;`);

    this.addSql(`drop table if exists "config" cascade;`);

    this.addSql(`drop table if exists "credit_log" cascade;`);

    this.addSql(`drop table if exists "friendlink" cascade;`);

    this.addSql(`drop table if exists "group" cascade;`);

    this.addSql(`drop table if exists "group_permission" cascade;`);

    this.addSql(`drop table if exists "language" cascade;`);

    this.addSql(`drop table if exists "navigation" cascade;`);

    this.addSql(`drop table if exists "permission" cascade;`);

    this.addSql(`drop table if exists "rate_limit" cascade;`);

    this.addSql(`drop table if exists "revoked_token" cascade;`);

    this.addSql(`drop table if exists "user" cascade;`);

    this.addSql(`drop table if exists "user_group" cascade;`);
  }
}
