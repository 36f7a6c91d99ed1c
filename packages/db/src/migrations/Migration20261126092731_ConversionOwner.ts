import { Migration } from '@mikro-orm/migrations';

export class Migration20261126092731_ConversionOwner extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "document" add column "convert_owner" varchar(100) not null default '', add column "convert_beat_at" timestamptz null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "document" drop column "convert_owner", drop column "convert_beat_at";`);
  }
}
