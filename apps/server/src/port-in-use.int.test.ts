import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from './testing/constants.ts';
import { runProcess } from './testing/process.ts';

/**
 * A new user's `npm run quickstart` while another program (an earlier start) holds the port: one plain line naming
 * the port and what to do, exit code 1, no stack (it crashed with a TypeError on the server's missing address), and
 * before the database starts (it said so only after starting the embedded database: 90 s on a busy machine).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'wenku-port-'));
let holder: Server | undefined;

afterAll(async () => {
  await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a port in use', () => {
  it('is said plainly and the server exits with 1', async () => {
    const held = createServer();
    holder = held;
    const port = await new Promise<number>((resolve) =>
      held.listen(0, '127.0.0.1', () => resolve((held.address() as { port: number }).port)),
    );
    const run = await runProcess('server', [], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      ROLE: 'web',
      PORT: String(port),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`port ${port} on 127.0.0.1 is in use by another program: stop it or set another PORT`);
    expect(run.stderr).not.toMatch(/TypeError|^\s+at /m);
    // Said before the database started: nothing was created in the data folder.
    expect(readdirSync(dataDir)).toEqual([]);
  }, 120_000);
});
