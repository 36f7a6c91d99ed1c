import { Migration } from '@mikro-orm/migrations';

export class Migration20261121094131_Moderation extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "punishment" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "type" smallint not null, "enable" boolean not null default true, "reason" varchar(1024) not null default '', "remark" varchar(1024) not null default '', "end_time" timestamptz null, "operators" jsonb not null);`,
    );
    this.addSql(`create index "punishment_user_id_type_enable_index" on "punishment" ("user_id", "type", "enable");`);

    this.addSql(
      `create table "report" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "document_id" int not null, "type" smallint not null default 0, "user_id" int not null, "reason" smallint not null, "status" boolean not null default false, "remark" varchar(1024) not null default '', "document_title" varchar(255) not null default '', "username" varchar(64) not null default '');`,
    );
    this.addSql(
      `alter table "report" add constraint "report_user_id_type_document_id_unique" unique ("user_id", "type", "document_id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "punishment" cascade;`);

    this.addSql(`drop table if exists "report" cascade;`);
  }
}
