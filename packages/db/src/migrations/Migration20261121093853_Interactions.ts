import { Migration } from '@mikro-orm/migrations';

export class Migration20261121093853_Interactions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "comment" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "parent_id" int not null default 0, "document_id" int not null, "type" smallint not null default 0, "user_id" int not null, "content" text not null, "status" smallint not null default 0, "comment_count" int not null default 0);`,
    );
    this.addSql(`create index "comment_parent_id_index" on "comment" ("parent_id");`);
    this.addSql(`create index "comment_type_document_id_status_index" on "comment" ("type", "document_id", "status");`);
    this.addSql(`create index "comment_user_id_created_at_index" on "comment" ("user_id", "created_at");`);

    this.addSql(
      `create table "favorite" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "document_id" int not null, "type" smallint not null default 0);`,
    );
    this.addSql(`create index "favorite_type_document_id_index" on "favorite" ("type", "document_id");`);
    this.addSql(
      `alter table "favorite" add constraint "favorite_user_id_type_document_id_unique" unique ("user_id", "type", "document_id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "comment" cascade;`);

    this.addSql(`drop table if exists "favorite" cascade;`);
  }
}
