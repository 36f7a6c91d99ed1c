import { Migration } from '@mikro-orm/migrations';

export class Migration20261121123313_Sms extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "sms_log" ("id" serial primary key, "type" smallint not null default 0, "status" smallint not null default 0, "user_id" int not null default 0, "mobile" varchar(20) not null, "code_hash" varchar(128) not null, "ip" varchar(64) not null default '', "provider" varchar(32) not null default '', "error" text not null default '', "response" text not null default '', "attempts" smallint not null default 0, "used_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "sms_log_user_id_index" on "sms_log" ("user_id");`);
    this.addSql(`create index "sms_log_mobile_type_index" on "sms_log" ("mobile", "type");`);
    this.addSql(`create index "sms_log_ip_created_at_index" on "sms_log" ("ip", "created_at");`);
    this.addSql(`create index "sms_log_created_at_index" on "sms_log" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sms_log" cascade;`);
  }
}
