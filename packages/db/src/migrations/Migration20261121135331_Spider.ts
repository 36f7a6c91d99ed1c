import { Migration } from '@mikro-orm/migrations';

export class Migration20261121135331_Spider extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "spider_document" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "spider_url_id" int not null default 0, "url" varchar(2048) not null, "host" varchar(255) not null default '', "status" smallint not null default 0, "title" varchar(255) not null default '', "title_from_href" varchar(255) not null default '', "title_from_url" varchar(255) not null default '', "title_from_attachment" varchar(255) not null default '', "language" varchar(16) not null default '', "price" int not null default 0, "size" bigint not null default 0, "ext" varchar(16) not null default '', "content_type" varchar(255) not null default '', "error" text not null default '', "save_path" varchar(255) not null default '', "attachment_id" int not null default 0, "hash" varchar(32) not null default '', "user_id" int not null default 0, "category_id" varchar(255) not null default '', "document_id" int not null default 0, "duplicate_document_id" int not null default 0);`,
    );
    this.addSql(`alter table "spider_document" add constraint "spider_document_url_unique" unique ("url");`);
    this.addSql(`create index "spider_document_status_id_index" on "spider_document" ("status", "id");`);
    this.addSql(`create index "spider_document_spider_url_id_index" on "spider_document" ("spider_url_id");`);
    this.addSql(`create index "spider_document_hash_index" on "spider_document" ("hash");`);

    this.addSql(
      `create table "spider_url" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "url" varchar(2048) not null, "host" varchar(255) not null default '', "status" smallint not null default 0, "total" int not null default 0, "error" text not null default '', "user_id" int not null default 0);`,
    );
    this.addSql(`create index "spider_url_status_index" on "spider_url" ("status");`);

    this.addSql(`alter table "document" add column "source" varchar(1024) not null default '';`);

    this.addSql(`alter table "group" add column "enable_article_crawl" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "spider_document" cascade;`);

    this.addSql(`drop table if exists "spider_url" cascade;`);

    this.addSql(`alter table "document" drop column "source";`);

    this.addSql(`alter table "group" drop column "enable_article_crawl";`);
  }
}
