import { Migration } from '@mikro-orm/migrations';

export class Migration20261121112257_Orders extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "download_code" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "code" varchar(32) not null, "remark" varchar(255) not null default '', "created_by" int not null default 0, "used_by" int not null default 0, "used_at" timestamptz null, "order_no" varchar(32) not null default '');`,
    );
    this.addSql(`alter table "download_code" add constraint "download_code_code_unique" unique ("code");`);

    this.addSql(
      `create table "orders" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "order_no" varchar(32) not null, "user_id" int not null, "order_type" smallint not null, "product_id" int not null default 0, "product_uuid" varchar(64) not null default '', "product_name" varchar(255) not null default '', "status" smallint not null default 1, "quantity" int not null default 1, "price" double precision not null default 0, "amount" double precision not null default 0, "coupon_amount" double precision not null default 0, "money_cents" int not null default 0, "payment_type" smallint not null default 0, "trade_no" varchar(64) not null default '', "snapshot" jsonb null, "remark" varchar(255) not null default '', "ip" varchar(64) not null default '', "paid_at" timestamptz null, "closed_at" timestamptz null, "deleted_at" timestamptz null);`,
    );
    this.addSql(`alter table "orders" add constraint "orders_order_no_unique" unique ("order_no");`);
    this.addSql(`create index "orders_user_id_status_index" on "orders" ("user_id", "status");`);
    this.addSql(`create index "orders_status_closed_at_index" on "orders" ("status", "closed_at");`);
    this.addSql(
      `create index "orders_order_type_product_id_user_id_index" on "orders" ("order_type", "product_id", "user_id");`,
    );

    this.addSql(
      `create table "payment_log" ("id" serial primary key, "provider" varchar(16) not null, "order_no" varchar(32) not null default '', "trade_no" varchar(64) not null default '', "amount_cents" int not null default 0, "outcome" varchar(16) not null, "reason" varchar(255) not null default '', "ip" varchar(64) not null default '', "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "payment_log_order_no_index" on "payment_log" ("order_no");`);

    this.addSql(
      `create table "user_sign" ("id" serial primary key, "user_id" int not null, "sign_day" varchar(10) not null, "award" int not null default 0, "ip" varchar(64) not null default '', "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "user_sign" add constraint "user_sign_user_id_sign_day_unique" unique ("user_id", "sign_day");`,
    );

    this.addSql(
      `create table "user_vip" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "type" smallint not null, "discount" smallint not null default 100, "download" int not null default 0, "download_used" int not null default 0, "times" int not null default 0, "joined_at" timestamptz not null, "expired_at" timestamptz not null, "order_no" varchar(32) not null);`,
    );
    this.addSql(`alter table "user_vip" add constraint "user_vip_order_no_unique" unique ("order_no");`);
    this.addSql(`create index "user_vip_user_id_expired_at_index" on "user_vip" ("user_id", "expired_at");`);

    this.addSql(`alter table "document" add column "is_vip" boolean not null default false;`);

    this.addSql(`alter table "user" add column "vip_expired_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "download_code" cascade;`);

    this.addSql(`drop table if exists "orders" cascade;`);

    this.addSql(`drop table if exists "payment_log" cascade;`);

    this.addSql(`drop table if exists "user_sign" cascade;`);

    this.addSql(`drop table if exists "user_vip" cascade;`);

    this.addSql(`alter table "document" drop column "is_vip";`);

    this.addSql(`alter table "user" drop column "vip_expired_at";`);
  }
}
