import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from './testing/constants.ts';
import { runProcess, type ServerProcess, startServerProcess } from './testing/process.ts';

/**
 * `npm start` and `npm run cli` run the bundle of apps/server/build.ts (issue 17: compiled JavaScript, tsx only for
 * development). A first start from it on a fresh embedded data folder, as the quick start does: it migrates, seeds
 * the demo documents and converts them in the bundled conversion child; the bundled CLI reads a setting.
 */
const bundle = new URL('../dist/main.js', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'wenku-bundle-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server bundle', () => {
  it('starts, converts the demo documents and serves them; the CLI bundle runs', async () => {
    expect(existsSync(bundle), 'apps/server/dist/main.js is missing: run npm run build first').toBe(true);
    server = await startServerProcess(
      { DATA_DIR: dataDir, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, SEED_DEMO: 'small' },
      { bundle: true },
    );
    expect((await fetch(`${server.url}/health`)).status).toBe(200);

    let documents: { id: number; pages: number }[] = [];
    for (let i = 0; i < 240 && !(documents.length > 0 && documents.every((d) => d.pages > 0)); i++) {
      await new Promise((r) => setTimeout(r, 500));
      const res = await fetch(`${server.url}/api/v1/document/list?page=1&size=10`);
      documents = ((await res.json()) as { document: { id: number; pages: number }[] }).document;
    }
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.every((d) => d.pages > 0)).toBe(true);
    const page = await fetch(`${server.url}/view/page/${documents[0]?.id}/1.webp`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/webp');
    await server.stop();
    server = undefined;

    const cli = await runProcess('cli', ['config:get', 'system.sitename'], { DATA_DIR: dataDir }, 90_000, {
      bundle: true,
    });
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(cli.stdout.trim().split('\n').at(-1)).toBeTruthy();
    // Demo conversions on a 2-core machine busy with the other test processes take more than the default minute.
  }, 180_000);
});

/**
 * Issue 17: an idle server holds only what serving needs. These packages load on first use (crawling, conversion in
 * its child process, language detection, payment, mail, the embedded database, painting pages), never at start.
 */
const LOADED_ON_USE = [
  'jsdom',
  'cheerio',
  '@mozilla/readability',
  'tinyld',
  'mupdf',
  'sharp',
  'alipay-sdk',
  'nodemailer',
  '@electric-sql/pglite',
  '@electric-sql/pglite-socket',
  'beasties',
  'react-dom',
  'svg-captcha',
  'jschardet',
];

describe('the server bundle at start', () => {
  it('imports none of the packages it loads on first use', () => {
    expect(existsSync(bundle), 'apps/server/dist/main.js is missing: run npm run build first').toBe(true);
    const code = readFileSync(bundle, 'utf8');
    const imported = [...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)";?$|^import\s*"([^"]+)";?$/gm)].map(
      (m) => m[1] ?? m[2],
    );
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((name) => LOADED_ON_USE.includes(name ?? ''))).toEqual([]);
  });
});
