import { Migration } from '@mikro-orm/migrations';

export class Migration20261121140319_PasswordSet extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "user" add column "password_set" boolean not null default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "user" drop column "password_set";`);
  }
}
