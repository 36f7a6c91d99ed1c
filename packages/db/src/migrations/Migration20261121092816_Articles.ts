import { Migration } from '@mikro-orm/migrations';

export class Migration20261121092816_Articles extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "article" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "identifier" varchar(64) not null, "user_id" int not null, "view_count" int not null default 0, "favorite_count" int not null default 0, "comment_count" int not null default 0, "title" varchar(255) not null, "keywords" varchar(255) not null default '', "description" varchar(1024) not null default '', "content" text not null default '', "cover" varchar(255) not null default '', "notice" int not null default 0, "status" smallint not null default 0, "reject_reason" varchar(2048) not null default '', "recommend_at" timestamptz null, "deleted_at" timestamptz null);`,
    );
    this.addSql(`alter table "article" add constraint "article_identifier_unique" unique ("identifier");`);
    this.addSql(`create index "article_user_id_index" on "article" ("user_id");`);
    this.addSql(`create index "article_recommend_at_index" on "article" ("recommend_at");`);
    this.addSql(`create index "article_deleted_at_index" on "article" ("deleted_at");`);
    this.addSql(`create index "article_status_deleted_at_index" on "article" ("status", "deleted_at");`);
    this.addSql(`create index "article_user_id_deleted_at_index" on "article" ("user_id", "deleted_at");`);

    this.addSql(
      `create table "article_category" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "article_id" int not null, "category_id" int not null);`,
    );
    this.addSql(`create index "article_category_article_id_index" on "article_category" ("article_id");`);
    this.addSql(`create index "article_category_category_id_index" on "article_category" ("category_id");`);
    this.addSql(
      `alter table "article_category" add constraint "article_category_article_id_category_id_unique" unique ("article_id", "category_id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "article" cascade;`);

    this.addSql(`drop table if exists "article_category" cascade;`);
  }
}
