import { Migration } from '@mikro-orm/migrations';

export class Migration20261121094522_Dynamics extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "dynamic" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "content" text not null, "type" smallint not null);`,
    );
    this.addSql(`create index "dynamic_type_index" on "dynamic" ("type");`);
    this.addSql(`create index "dynamic_user_id_id_index" on "dynamic" ("user_id", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "dynamic" cascade;`);
  }
}
