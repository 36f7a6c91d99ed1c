import { Migration } from '@mikro-orm/migrations';

/**
 * One account per e-mail address (any case) and per mobile number. The services checked this before inserting, but
 * two racing sign-ups could both pass the check; the database now decides. A duplicate left by such a race keeps
 * its contact on the oldest account and loses it on the later ones (they can sign in by username and set it again).
 */
export class Migration20261125200000_ContactUnique extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update "user" u set "email" = '' where u."email" <> '' and exists (select 1 from "user" o where lower(o."email") = lower(u."email") and o."id" < u."id");`,
    );
    this.addSql(
      `update "user" u set "mobile" = '' where u."mobile" <> '' and exists (select 1 from "user" o where o."mobile" = u."mobile" and o."id" < u."id");`,
    );
    this.addSql(`create unique index "user_email_unique" on "user" (lower("email")) where "email" <> '';`);
    this.addSql(`create unique index "user_mobile_unique" on "user" ("mobile") where "mobile" <> '';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "user_email_unique";`);
    this.addSql(`drop index "user_mobile_unique";`);
  }
}
