import { createHash, randomUUID } from 'node:crypto';
import { Captcha, type Database } from '@wenku/db';
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

/**
 * Plants a captcha with a known answer, stored the way the service stores it (hashed with its id); `expiresInMs`
 * below 0 plants one that has already expired.
 */
export async function plantCaptcha(
  site: { db: Database },
  type: string,
  answer: string,
  expiresInMs = 60_000,
): Promise<string> {
  const id = randomUUID();
  const answerHash = createHash('sha256').update(`${id}:${answer.toLowerCase()}`).digest('hex');
  await site.db.orm.em.fork().insert(Captcha, { id, type, answerHash, expiresAt: new Date(Date.now() + expiresInMs) });
  return id;
}
