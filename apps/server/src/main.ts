import { type AddressInfo, createServer } from 'node:net';
import { resolve } from 'node:path';
import { createApp, tuneHttpServer } from './app.ts';
import { parseEnv } from './env.ts';
import { drainServer, trackRequests } from './http/drain.ts';
import { boot } from './runtime.ts';

const portTaken = (port: number, host: string) =>
  `port ${port} on ${host} is in use by another program: stop it or set another PORT`;

/**
 * Whether another program holds the port, asked before the database starts (the embedded one takes seconds, and
 * minutes on a busy machine): a new user's second `npm run quickstart` hears at once. Listening may still fail later
 * (a program taking the port meanwhile), and says so the same way.
 */
function portInUse(port: number, host: string): Promise<boolean> {
  if (port === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'EADDRINUSE'));
    probe.listen(port, host, () => probe.close(() => resolve(false)));
  });
}

/** Starts the server: one process runs every role by default (ARCHITECTURE.md §1). */
async function main() {
  const env = parseEnv();
  if (env.ROLE !== 'worker' && (await portInUse(env.PORT, env.HOST))) {
    console.error(portTaken(env.PORT, env.HOST));
    process.exit(1);
  }
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
        taken ? portTaken(env.PORT, env.HOST) : `cannot listen on ${env.HOST}:${env.PORT}: ${error.message}`,
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
  const requests = trackRequests(server);
  const stop = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    // Requests being answered finish (10 s at most) before the database and the queue close.
    await drainServer(server, requests, 10_000);
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
