import pg from 'pg';
import type { Database } from './orm.ts';

/** The channel the settings triggers notify (migration SettingsNotify). */
export const SETTINGS_CHANNEL = 'wenku_settings';
/** The channel a document notifies when what its page images depend on changes: `<id> <hash>` (PageAccessNotify). */
export const DOCUMENTS_CHANNEL = 'wenku_documents';

/** Called with a notification's payload, or with undefined when notifications may have been missed (drop it all). */
export type Listener = (payload: string | undefined) => void;

/**
 * Listens on PostgreSQL channels on a connection of its own, calling each channel's listener for every notification,
 * and every listener with undefined when a lost connection is back (what was said meanwhile is unknown). The embedded
 * database has one process only, so there is nothing to hear from: no connection is opened for it.
 */
export async function listenTo(db: Database, listeners: Record<string, Listener>): Promise<{ stop(): Promise<void> }> {
  if (db.mode === 'embedded') return { stop: async () => {} };
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const missed = () => {
    for (const listener of Object.values(listeners)) listener(undefined);
  };
  const schedule = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(() => schedule()), 1000);
  };
  const connect = async () => {
    const c = new pg.Client({ ...db.connection, application_name: 'wenku listen' });
    c.on('notification', (n) => listeners[n.channel]?.(n.payload ?? ''));
    const lost = () => {
      if (client !== c || stopped) return;
      client = null;
      void c.end().catch(() => undefined);
      missed();
      schedule();
    };
    c.on('error', lost);
    c.on('end', lost);
    client = c;
    await c.connect();
    for (const channel of Object.keys(listeners)) await c.query(`listen ${channel}`);
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
