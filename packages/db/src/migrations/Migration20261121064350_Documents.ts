import { Migration } from '@mikro-orm/migrations';

export class Migration20261121064350_Documents extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "attachment_content" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "hash" varchar(32) not null, "content" text not null default '', "content_size" int not null default 0);`,
    );
    this.addSql(`alter table "attachment_content" add constraint "attachment_content_hash_unique" unique ("hash");`);

    this.addSql(
      `create table "document" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "uuid" varchar(16) not null, "title" varchar(255) not null, "keywords" varchar(255) not null default '', "description" varchar(1024) not null default '', "user_id" int not null, "attachment_id" int not null, "hash" varchar(32) not null, "width" int not null default 0, "height" int not null default 0, "preview" int not null default 0, "pages" int not null default 0, "download_count" int not null default 0, "view_count" int not null default 0, "favorite_count" int not null default 0, "comment_count" int not null default 0, "score" int not null default 0, "score_count" int not null default 0, "price" int not null default 0, "size" bigint not null default 0, "ext" varchar(16) not null, "status" smallint not null default 0, "convert_error" text not null default '', "enable_gzip" boolean not null default false, "preview_ext" varchar(16) not null default '.webp', "language" varchar(16) not null default '', "recommend_at" timestamptz null, "deleted_at" timestamptz null, "deleted_user_id" int not null default 0);`,
    );
    this.addSql(`alter table "document" add constraint "document_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "document_user_id_index" on "document" ("user_id");`);
    this.addSql(`create index "document_attachment_id_index" on "document" ("attachment_id");`);
    this.addSql(`create index "document_hash_index" on "document" ("hash");`);
    this.addSql(`create index "document_ext_index" on "document" ("ext");`);
    this.addSql(`create index "document_recommend_at_index" on "document" ("recommend_at");`);
    this.addSql(`create index "document_status_deleted_at_index" on "document" ("status", "deleted_at");`);
    this.addSql(`create index "document_user_id_deleted_at_index" on "document" ("user_id", "deleted_at");`);

    this.addSql(
      `create table "document_category" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "document_id" int not null, "category_id" int not null);`,
    );
    this.addSql(`create index "document_category_document_id_index" on "document_category" ("document_id");`);
    this.addSql(`create index "document_category_category_id_index" on "document_category" ("category_id");`);
    this.addSql(
      `alter table "document_category" add constraint "document_category_document_id_category_id_unique" unique ("document_id", "category_id");`,
    );

    this.addSql(
      `create table "document_score" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "document_id" int not null, "user_id" int not null, "score" smallint not null);`,
    );
    this.addSql(
      `alter table "document_score" add constraint "document_score_document_id_user_id_unique" unique ("document_id", "user_id");`,
    );

    this.addSql(
      `create table "download" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null default 0, "document_id" int not null, "ip" varchar(64) not null default '', "is_pay" boolean not null default false);`,
    );
    this.addSql(`create index "download_user_id_created_at_index" on "download" ("user_id", "created_at");`);
    this.addSql(`create index "download_ip_created_at_index" on "download" ("ip", "created_at");`);
    this.addSql(`create index "download_document_id_user_id_index" on "download" ("document_id", "user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "attachment_content" cascade;`);

    this.addSql(`drop table if exists "document" cascade;`);

    this.addSql(`drop table if exists "document_category" cascade;`);

    this.addSql(`drop table if exists "document_score" cascade;`);

    this.addSql(`drop table if exists "download" cascade;`);
  }
}
