import { Migration } from '@mikro-orm/migrations';

/**
 * Feed lines keep what happened as data (`event`: a kind and its values) so that each reader gets them in their own
 * language (issue 20). Lines written before keep only their Chinese `content`, shown as they are.
 */
export class Migration20261126130000_DynamicEvent extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "dynamic" add column "event" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "dynamic" drop column "event";`);
  }
}
