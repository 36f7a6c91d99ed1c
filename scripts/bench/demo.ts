// First-start benchmark of the demo library (issue 20): `npm start` with SEED_DEMO=1 on a fresh embedded data folder,
// as the quick start runs it. Measures the time to the first answer of the home page and until every demo document
// is converted. Usage: npm run bench:demo [-- --seed 0|small] (npm run build first; --seed compares a start without
// the library). Prints the figures; asserts nothing.
import { rmSync } from 'node:fs';
import { demoLibrary } from '../../packages/domain/src/seed/demo-library.content.ts';
import { startSite } from './site.ts';

const args = process.argv.slice(2);
const seed = args.includes('--seed') ? (args[args.indexOf('--seed') + 1] ?? '1') : '1';
const started = performance.now();
const site = await startSite({ env: { SEED_DEMO: seed } });
try {
  const home = await fetch(`${site.url}/`);
  const firstAnswerMs = performance.now() - started;
  const total = seed === '1' ? demoLibrary().length : 0;
  let converted = 0;
  for (;;) {
    const res = await fetch(`${site.url}/api/v1/document/list?page=1&size=100`);
    const docs = ((await res.json()) as { document?: { pages?: number }[] }).document ?? [];
    converted = docs.filter((d) => (d.pages ?? 0) > 0).length;
    if (converted >= total || performance.now() - started > 20 * 60_000) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`health answered after   ${s(site.coldStartMs)}`);
  console.log(`home page (${home.status}) after  ${s(firstAnswerMs)}`);
  if (total) console.log(`library ${converted}/${total} after  ${s(performance.now() - started)}`);
} finally {
  await site.stop();
  rmSync(site.dataDir, { recursive: true, force: true });
}
