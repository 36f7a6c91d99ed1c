import { Migration } from '@mikro-orm/migrations';

export class Migration20261121084522_Search extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "search_index" ("id" serial primary key, "type" smallint not null, "item_id" int not null, "tsv" tsvector not null, "title_tsv" tsvector not null, "category_ids" int[] not null default '{}', "language" varchar(16) not null default '', "ext" varchar(16) not null default '', "price" int not null default 0, "pages" int not null default 0, "size" bigint not null default 0, "user_id" int not null default 0, "view_count" int not null default 0, "download_count" int not null default 0, "boost" real not null default 1, "item_created_at" timestamptz not null, "indexed_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "search_index_tsv_gin" on "search_index" using gin ("tsv") with (fastupdate = off);`);
    this.addSql(
      `create index "search_index_title_tsv_gin" on "search_index" using gin ("title_tsv") with (fastupdate = off);`,
    );
    this.addSql(`create index "search_index_item_created_at_index" on "search_index" ("item_created_at");`);
    this.addSql(`create index "search_index_pages_index" on "search_index" ("pages");`);
    this.addSql(`create index "search_index_size_index" on "search_index" ("size");`);
    this.addSql(`create index "search_index_view_count_index" on "search_index" ("view_count");`);
    this.addSql(`create index "search_index_download_count_index" on "search_index" ("download_count");`);
    this.addSql(
      `alter table "search_index" add constraint "search_index_type_item_id_unique" unique ("type", "item_id");`,
    );
    // The big text vector lives out of line, uncompressed: scans for filters and facets read narrow rows, and ranking
    // reads the vector without decompressing it.
    this.addSql(`alter table "search_index" alter column "tsv" set storage external;`);

    this.addSql(
      `create table "search_queue" ("type" smallint not null, "item_id" int not null, "queued_at" timestamptz not null default now(), constraint "search_queue_pkey" primary key ("type", "item_id"));`,
    );

    this.addSql(
      `create table "search_rebuild" ("type" smallint not null, "total" int not null default 0, "started_at" timestamptz not null default now(), "finished_at" timestamptz null, constraint "search_rebuild_pkey" primary key ("type"));`,
    );

    this.addSql(
      `create table "search_record" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null default 0, "ip" varchar(64) not null default '', "total" int not null default 0, "page" int not null default 1, "user_agent" varchar(512) not null default '', "keywords" varchar(64) not null default '', "spend_time" numeric(10,3) not null default 0, "type" smallint not null default 0);`,
    );
    this.addSql(`create index "search_record_created_at_index" on "search_record" ("created_at");`);

    this.addSql(
      `alter table "document_page" add column "width" real not null default 0, add column "height" real not null default 0;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "search_index" cascade;`);

    this.addSql(`drop table if exists "search_queue" cascade;`);

    this.addSql(`drop table if exists "search_rebuild" cascade;`);

    this.addSql(`drop table if exists "search_record" cascade;`);

    this.addSql(`alter table "document_page" drop column "width", drop column "height";`);
  }
}
