// Body limits (issue 15 item 5): the server's memory and disk when anonymous clients send large bodies. Prints, per
// case, the answer, the bytes the client got to send before it, and the server's resident memory (now and peak,
// Linux /proc) and the bytes left in its upload folders; asserts nothing.
// Usage: npm run bench:body-limit [-- --embedded] [-- --mb 150]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { multipartFile, streamBody } from '../../apps/server/src/testing/stream-body.ts';
import { startBenchServer } from './bench-server.ts';

const args = process.argv.slice(2);
const mb = Number(args[args.indexOf('--mb') + 1]) || 150;
const MB = 1024 * 1024;
const server = await startBenchServer({ embedded: args.includes('--embedded') });

/** VmRSS and VmHWM (peak) of the server process, in MB. */
function memory() {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** Bytes of the files under a folder (recursively); 0 when it does not exist. */
function bytesUnder(dir: string): number {
  try {
    return readdirSync(dir, { withFileTypes: true }).reduce(
      (n, e) => n + (e.isDirectory() ? bytesUnder(join(dir, e.name)) : statSync(join(dir, e.name)).size),
      0,
    );
  } catch {
    return 0;
  }
}

const form = multipartFile('big.pdf', mb * MB);
const cases: [string, Parameters<typeof streamBody>[1] & { path: string }][] = [
  [
    `tRPC, ${mb} MB JSON, length declared`,
    {
      path: '/api/trpc/user.login',
      headers: { 'content-type': 'application/json', 'content-length': String(mb * MB) },
      total: mb * MB,
    },
  ],
  [
    `tRPC, ${mb} MB JSON, chunked`,
    { path: '/api/trpc/user.login', headers: { 'content-type': 'application/json' }, total: mb * MB },
  ],
  [
    `document upload, ${mb} MB, anonymous`,
    {
      path: '/api/v1/upload/document',
      headers: { 'content-type': form.contentType, 'content-length': String(form.total) },
      ...form,
    },
  ],
];

try {
  const start = memory();
  console.log(`server at start: RSS ${start.rss} MB, peak ${start.peak} MB`);
  console.log(
    `${'case'.padEnd(40)}${'status'.padStart(7)}${'sent MB'.padStart(9)}${'RSS'.padStart(7)}${'peak'.padStart(7)}${'tmp MB'.padStart(8)}`,
  );
  for (const [name, { path, ...opts }] of cases) {
    const res = await streamBody(`${server.base}${path}`, opts);
    const m = memory();
    const tmp = bytesUnder(join(server.dataDir, 'upload-tmp')) + bytesUnder('/tmp/wenku-uploads');
    console.log(
      name.padEnd(40),
      String(res.status).padStart(6),
      (res.sent / MB).toFixed(1).padStart(8),
      String(m.rss).padStart(6),
      String(m.peak).padStart(6),
      (tmp / MB).toFixed(1).padStart(7),
    );
  }
} finally {
  await server.stop();
}
