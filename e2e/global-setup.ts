import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createApp, tuneHttpServer } from '../apps/server/src/app.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { boot } from '../apps/server/src/runtime.ts';
import { disableCaptchas } from '../apps/server/src/testing/captcha.ts';
import { TEST_ADMIN_PASSWORD } from '../apps/server/src/testing/constants.ts';
import { liftRegistrationLimit } from '../apps/server/src/testing/limits.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
  }
}

/**
 * Browser tests drive the built site (`npm run build` first) served by the real server on a loopback port, on a
 * fresh embedded database with the demo content, exactly as a newcomer's first start.
 */
export default async function setup(project: TestProject) {
  const webDist = new URL('../apps/web/dist', import.meta.url).pathname;
  if (!existsSync(join(webDist, 'index.html'))) throw new Error('build the web app first: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'wenku-e2e-'));
  const booted = await boot(
    // The crawler test's fixture site runs on loopback, which only tests may allow.
    parseEnv({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      SEED_DEMO: 'small',
      WENKU_SPIDER_ALLOW_PRIVATE: '1',
    }),
    () => {},
    // The browser tests upload documents and read their pages: the conversion worker runs as on a real site.
    { queue: true, worker: true },
  );
  await disableCaptchas(booted);
  await liftRegistrationLimit(booted);
  const app = createApp({ ...booted, webDist });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  tuneHttpServer(server);
  project.provide('baseUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  project.provide('adminPassword', TEST_ADMIN_PASSWORD);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await booted.shutdown();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
