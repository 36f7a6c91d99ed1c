import pg from 'pg';
import type { Database } from './orm.ts';

/** The channel the settings triggers notify (migration SettingsNotify). */
export const SETTINGS_CHANNEL = 'wenku_settings';

/**
 * Listens on a PostgreSQL channel on a connection of its own, calling `onNotify` for every notification, and once
 * more after a lost connection is back (what was said meanwhile is unknown). The embedded database has one process
 * only, so there is nothing to hear from: no connection is opened for it.
 */
export async function listenTo(
  db: Database,
  channel: string,
  onNotify: () => void,
): Promise<{ stop(): Promise<void> }> {
  if (db.mode === 'embedded') return { stop: async () => {} };
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ ...db.connection, application_name: `wenku listen ${channel}` });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify();
    });
    const lost = () => {
      if (client !== c || stopped) return;
      client = null;
      void c.end().catch(() => undefined);
      onNotify();
      schedule();
    };
    c.on('error', lost);
    c.on('end', lost);
    client = c;
    await c.connect();
    await c.query(`listen ${channel}`);
  };
  const schedule = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(() => schedule()), 1000);
  };
  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
