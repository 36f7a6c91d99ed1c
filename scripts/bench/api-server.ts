// Benchmark server: the real app plus bare Express routes that run the same SQL without tRPC, zod or the ORM's
// entity layer, so the adapter's cost can be measured. Started by scripts/bench/api.ts; not part of the product.
import type { AddressInfo } from 'node:net';
import { createApp } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/env.ts';
import { drainServer, trackRequests } from '../../apps/server/src/http/drain.ts';
import { boot } from '../../apps/server/src/runtime.ts';
import { getPublicSettings } from '../../packages/domain/src/index.ts';

const booted = await boot(parseEnv({ ...process.env, SEED_DEMO: 'small', DB_POOL_MAX: '10' }), () => {});
const orm = booted.db.orm;
const app = createApp({
  ...booted,
  // Behind the app's middlewares, as an API request goes, and ahead of its 404.
  hostRoutes: (app) => {
    // Same statement the category list procedure issues (public caller, type 0, enabled only, moredoc order).
    app.get('/bench/category-list', async (_req, res) => {
      const rows: Record<string, unknown>[] = await orm.em
        .getConnection()
        .execute(
          'select * from category where type in (0) and enable = true order by parent_id asc, sort desc, title asc',
        );
      res.json({ total: rows.length, category: rows });
    });
    // Same work as GET /settings: the cached settings snapshot plus the enabled-languages query.
    app.get('/bench/settings', async (_req, res) => {
      res.json(await getPublicSettings({ em: orm.em.fork(), runtime: booted.runtime, actor: null, ip: '' }));
    });
    app.get('/bench/ping', (_req, res) => {
      res.json({ message: 'pong' });
    });
  },
});

const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`);
});
const requests = trackRequests(server);
process.on('SIGTERM', async () => {
  // Requests still in flight when the load generator stops finish before the database closes.
  await drainServer(server, requests, 10_000);
  await booted.shutdown();
  process.exit(0);
});
