import type { Database } from '@wenku/db';
import type { Runtime } from '@wenku/domain';

/**
 * Every test registers its members from one loopback address; the per-address registration limit is tested on its
 * own (sign-in-limits.int.test.ts) and lifted elsewhere, as the captchas are.
 */
export async function liftRegistrationLimit(site: { db: Database; runtime?: Runtime }): Promise<void> {
  await site.db.orm.em
    .fork()
    .getConnection()
    .execute("update config set value = '0' where category = 'security' and name = 'register_max_per_ip'");
  site.runtime?.settings.invalidate();
}
