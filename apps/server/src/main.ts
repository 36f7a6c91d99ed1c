import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createApp, tuneHttpServer } from './app.ts';
import { parseEnv } from './env.ts';
import { boot } from './runtime.ts';

/** Starts the server: one process runs every role by default (ARCHITECTURE.md §1). */
async function main() {
  const env = parseEnv();
  // One process runs every role by default; ROLE=web or ROLE=worker splits them (ARCHITECTURE.md §1).
  const booted = await boot(env, console.log, {
    queue: true,
    worker: env.ROLE !== 'web',
    owner: `wenku server, role ${env.ROLE}`,
  });
  if (env.ROLE === 'worker') {
    console.log(`wenku ${booted.runtime.version} worker running (database: ${booted.db.mode})`);
    const stopWorker = async () => {
      await booted.shutdown();
      process.exit(0);
    };
    process.once('SIGINT', () => void stopWorker());
    process.once('SIGTERM', () => void stopWorker());
    return;
  }
  const webDist = resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname);
  const app = createApp({
    ...booted,
    webDist,
    trustProxy: env.TRUST_PROXY,
    trpcFastPath: env.TRPC_FAST_PATH === '1',
    pageMemoBytes: env.PAGE_MEMO_MB * 1024 * 1024,
    pageFastPath: env.PAGE_FAST_PATH === '1',
  });
  const server = app.listen(env.PORT, env.HOST, (error?: Error) => {
    // Express calls back with the listening error too (a port another program holds): said in one line, not as a
    // crash on the address the server does not have.
    if (error) {
      const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      console.error(
        taken
          ? `port ${env.PORT} on ${env.HOST} is in use by another program: stop it or set another PORT`
          : `cannot listen on ${env.HOST}:${env.PORT}: ${error.message}`,
      );
      void booted.shutdown().finally(() => process.exit(1));
      return;
    }
    // The bound port, not the requested one: PORT=0 picks a free port (the tests start servers so).
    const { port } = server.address() as AddressInfo;
    console.log(
      `wenku ${booted.runtime.version} listening on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port} (database: ${booted.db.mode})`,
    );
  });
  tuneHttpServer(server);
  const stop = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    server.close();
    await booted.shutdown();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
