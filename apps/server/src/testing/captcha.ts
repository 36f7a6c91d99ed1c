import type { Database } from '@wenku/db';
import type { Runtime } from '@wenku/domain';

/** Captchas are tested on their own; elsewhere tests sign in and register without them. */
export async function disableCaptchas(site: { db: Database; runtime?: Runtime }): Promise<void> {
  await site.db.orm.em
    .fork()
    .getConnection()
    .execute(
      "update config set value = 'false' where category = 'security' and name in ('enable_captcha_login', 'enable_captcha_register')",
    );
  // A worker may already have read the settings.
  site.runtime?.settings.invalidate();
}
