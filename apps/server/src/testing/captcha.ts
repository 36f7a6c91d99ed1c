import type { Database } from '@wenku/db';

/** Captchas are tested on their own; elsewhere tests sign in and register without them. */
export async function disableCaptchas(db: Database): Promise<void> {
  await db.orm.em
    .fork()
    .getConnection()
    .execute(
      "update config set value = 'false' where category = 'security' and name in ('enable_captcha_login', 'enable_captcha_register')",
    );
}
