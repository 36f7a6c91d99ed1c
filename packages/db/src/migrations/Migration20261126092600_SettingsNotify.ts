import { Migration } from '@mikro-orm/migrations';

/**
 * Every change of the settings (the `config` table) or of the languages (part of the public settings) notifies the
 * channel `wenku_settings` when its transaction commits, whoever wrote it: a web process, the CLI, plain SQL. Every
 * process listens and drops its cached settings and rendered pages at once (several web processes, issue 19).
 */
export class Migration20261126092600_SettingsNotify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function wenku_settings_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('wenku_settings', tg_table_name);
  return null;
end $$;`);
    for (const table of ['config', 'language']) {
      this.addSql(
        `create trigger "${table}_settings_changed" after insert or update or delete or truncate on "${table}" for each statement execute function wenku_settings_changed();`,
      );
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "config_settings_changed" on "config";`);
    this.addSql(`drop trigger if exists "language_settings_changed" on "language";`);
    this.addSql(`drop function if exists wenku_settings_changed();`);
  }
}
