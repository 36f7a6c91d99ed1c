// Conversion benchmark (issue 3): pipeline pages/s on a generated 100-page text-and-image PDF against native
// `mutool draw` at the same resolution (PNG, 108 dpi = 1.5×), the WebP pipeline separately, seconds from upload
// complete to the first preview page through the running server, and the peak RSS converting a 500-page PDF.
// Issue 18: Office first-page time (DOCX, and a wide XLSX laid out through UNO) against LibreOffice's own
// `--convert-to pdf` of the same file, and OCR pages/s on a generated scanned PDF.
// Prints figures; asserts nothing. Usage: npm run bench:convert [-- --office] [-- --runs 3]
// (--office: only the Office first-page figures, each the median of --runs alternating runs)
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { createApp } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/env.ts';
import { boot } from '../../apps/server/src/runtime.ts';
import { disableCaptchas } from '../../apps/server/src/testing/captcha.ts';
import { makeScannedPdf } from '../../packages/converter/src/testing/scanned-pdf.ts';

const args = process.argv.slice(2);
const officeOnly = args.includes('--office');
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) || 3 : 3;
const dir = mkdtempSync(join(tmpdir(), 'wenku-bench-convert-'));

// The converter as `npm start` runs it: compiled JavaScript with its child process beside it (apps/server/build.ts
// bundles it the same way). From the TypeScript sources every conversion child would first compile itself through
// tsx, a development cost of about a second that no site pays.
const root = join(import.meta.dirname, '..', '..');
const compiled = join(root, '.bench', 'converter');
await build({
  entryPoints: {
    index: join(root, 'packages', 'converter', 'src', 'index.ts'),
    'convert-child': join(root, 'packages', 'converter', 'src', 'child.ts'),
  },
  outdir: compiled,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@wenku/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: { js: "import { createRequire as __cr } from 'node:module';\nconst require = __cr(import.meta.url);" },
});
copyFileSync(join(root, 'packages', 'converter', 'src', 'calc.py'), join(compiled, 'calc.py'));
const { officeProfile, runConversion, runOcr }: typeof import('../../packages/converter/src/index.ts') = await import(
  join(compiled, 'index.js')
);

/** A PDF of `pages` A4 pages, each with a paragraph of text and a photo-like image. */
async function makePdf(pages: number, name: string): Promise<string> {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Times-Roman'));
  const noise = await sharp({
    create: { width: 600, height: 400, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const image = doc.addImage(new mupdf.Image(noise));
  const resources = doc.addObject({ Font: { F1: font }, XObject: { Im0: image } });
  const lines = Array.from(
    { length: 30 },
    (_, i) => `(Line ${i + 1}: the quick brown fox jumps over the lazy dog, Wenku benchmark.) Tj 0 -14 Td`,
  ).join(' ');
  for (let i = 0; i < pages; i++) {
    const content = `BT /F1 11 Tf 56 780 Td (Page ${i + 1}) Tj 0 -18 Td ${lines} ET q 400 0 0 260 97 80 cm /Im0 Do Q`;
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, content));
  }
  const path = join(dir, name);
  writeFileSync(path, doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return path;
}

const limits = { timeoutMs: 30 * 60_000, maxRssBytes: 4 * 1024 ** 3 };
let n = 0;
async function pipeline(pdf: string, format: 'png' | 'webp', pages: number) {
  n += 1;
  const t = performance.now();
  const r = await runConversion(
    {
      input: pdf,
      ext: 'pdf',
      outDir: join(dir, `o${n}`),
      workDir: join(dir, `w${n}`),
      format,
      gzipSvg: false,
      maxPreview: pages,
      maxPreviewPercent: 100,
      timeoutMs: limits.timeoutMs,
    },
    limits,
  );
  const s = (performance.now() - t) / 1000;
  return { seconds: s, pagesPerSecond: r.preview / s, peakRss: (r as { peakRss?: number }).peakRss ?? 0 };
}

/** The PDF figures: pipeline against mutool, and upload → first page through a running server. */
async function pdfFigures() {
  const pdf100 = await makePdf(100, 'bench100.pdf');
  const native = (() => {
    const out = join(dir, 'mutool');
    execFileSync('mkdir', ['-p', out]);
    const t = performance.now();
    execFileSync('mutool', ['draw', '-q', '-r', '108', '-o', join(out, '%d.png'), pdf100]);
    const s = (performance.now() - t) / 1000;
    return { seconds: s, pagesPerSecond: 100 / s };
  })();
  const png = await pipeline(pdf100, 'png', 100);
  const webp = await pipeline(pdf100, 'webp', 100);

  // Upload complete → first preview page, through the real server with its worker (embedded database).
  const booted = await boot(
    parseEnv({ DATA_DIR: join(dir, 'site'), ADMIN_PASSWORD: 'bench-password', SEED_DEMO: '0' }),
    () => {},
    {
      queue: true,
      worker: true,
    },
  );
  await disableCaptchas(booted);
  const app = createApp({ ...booted });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const login = (await (
    await fetch(`${base}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
    })
  ).json()) as { token: string };
  if (!login.token) throw new Error(`login: ${JSON.stringify(login)}`);
  const auth = { authorization: `Bearer ${login.token}` };
  const form = new FormData();
  form.append('file', new Blob([readFileSync(pdf100)]), 'bench.pdf');
  const upRes = await fetch(`${base}/api/v1/upload/document`, { method: 'POST', body: form, headers: auth });
  const up = (await upRes.json()) as { data: { id: number } };
  if (!upRes.ok) throw new Error(`upload: ${upRes.status} ${JSON.stringify(up)}`);
  const uploaded = performance.now();
  const created = (await (
    await fetch(`${base}/api/v1/document`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ category_id: [], document: [{ title: 'bench', attachment_id: up.data.id }] }),
    })
  ).json()) as { document: { id: number }[] };
  const id = created.document[0]?.id;
  let firstPage = Number.NaN;
  for (let i = 0; i < 1200; i++) {
    const res = await fetch(`${base}/view/page/${id}/1.webp`, { headers: auth });
    if (res.status === 200) {
      firstPage = (performance.now() - uploaded) / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.close();
  await booted.shutdown();
  return { native, png, webp, firstPage };
}
const pdfs = officeOnly ? undefined : await pdfFigures();

/** An Office file LibreOffice makes from a text or CSV file. */
function makeOffice(name: string, content: string, from: 'txt' | 'csv', to: 'docx' | 'xlsx'): string {
  writeFileSync(join(dir, `${name}.${from}`), content);
  execFileSync(
    'soffice',
    [
      '--headless',
      `-env:UserInstallation=file://${join(dir, 'lo-make')}`,
      ...(from === 'csv' ? ['--infilter=CSV:44,34,76,1'] : []),
      '--convert-to',
      to,
      '--outdir',
      dir,
      join(dir, `${name}.${from}`),
    ],
    { stdio: 'ignore' },
  );
  return join(dir, `${name}.${to}`);
}

/** LibreOffice alone: `--convert-to pdf` with a fresh profile, as a one-off command runs it. */
function libreOfficeSeconds(file: string): number {
  n += 1;
  const t = performance.now();
  execFileSync(
    'soffice',
    [
      '--headless',
      '--norestore',
      `-env:UserInstallation=file://${join(dir, `lo${n}`)}`,
      '--convert-to',
      'pdf',
      '--outdir',
      join(dir, `lo-out${n}`),
      file,
    ],
    { stdio: 'ignore' },
  );
  return (performance.now() - t) / 1000;
}

/** The pipeline's time to its first preview page (the page a reader sees first). */
async function firstPageSeconds(file: string, ext: string): Promise<number> {
  n += 1;
  const t = performance.now();
  let first = Number.NaN;
  await runConversion(
    {
      input: file,
      ext,
      outDir: join(dir, `o${n}`),
      workDir: join(dir, `w${n}`),
      format: 'webp',
      gzipSvg: false,
      maxPreview: 12,
      maxPreviewPercent: 100,
      timeoutMs: limits.timeoutMs,
    },
    {
      ...limits,
      onPage: async (page) => {
        if (page === 1) first = (performance.now() - t) / 1000;
      },
    },
  );
  return first;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const docx = makeOffice(
  'bench-doc',
  `${'文库基准测试 Wenku benchmark paragraph of ordinary text. '.repeat(20)}\n`.repeat(60),
  'txt',
  'docx',
);
const xlsx = makeOffice(
  'bench-sheet',
  Array.from({ length: 400 }, (_, r) =>
    Array.from({ length: 16 }, (_, c) => (r === 0 ? `列${c}` : `值${r}_${c}`)).join(','),
  ).join('\n'),
  'csv',
  'xlsx',
);
// A worker prepares its LibreOffice profile once, at its first Office file; the figures are of the files after it.
await officeProfile();
const office: { name: string; lo: number; first: number }[] = [];
for (const [name, file, ext] of [
  ['DOCX (≈20 pages)', docx, 'docx'],
  ['XLSX (16×400, UNO layout)', xlsx, 'xlsx'],
] as const) {
  const lo: number[] = [];
  const first: number[] = [];
  for (let i = 0; i < runs; i++) {
    lo.push(libreOfficeSeconds(file));
    first.push(await firstPageSeconds(file, ext));
  }
  office.push({ name, lo: median(lo), first: median(first) });
}

const OCR_PAGES = 4;
/** OCR pages/s, and the peak memory of a 500-page PDF. */
async function ocrAndLargeFigures() {
  const scanned = join(dir, 'scanned.pdf');
  writeFileSync(
    scanned,
    await makeScannedPdf(
      Array.from({ length: OCR_PAGES }, (_, p) =>
        Array.from({ length: 14 }, (_, l) =>
          l % 2
            ? `第${p + 1}页第${l + 1}行：扫描文档的文字识别基准测试。`
            : `Page ${p + 1} line ${l + 1}: the quick brown fox jumps over the lazy dog.`,
        ),
      ),
    ),
  );
  const ocrStarted = performance.now();
  await runOcr(
    {
      input: scanned,
      ext: 'pdf',
      pages: Array.from({ length: OCR_PAGES }, (_, i) => i + 1),
      languages: ['chi_sim', 'chi_tra', 'eng'],
      workDir: dir,
      timeoutMs: limits.timeoutMs,
    },
    limits,
  );
  const ocrSeconds = (performance.now() - ocrStarted) / 1000;

  const pdf500 = await makePdf(500, 'bench500.pdf');
  const big = await pipeline(pdf500, 'webp', 12);
  return { ocrSeconds, big };
}
const rest = officeOnly ? undefined : await ocrAndLargeFigures();

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
if (pdfs) {
  const { native, png, webp, firstPage } = pdfs;
  console.log('Conversion benchmark (100-page text+image PDF, 108 dpi)');
  console.log(`mutool draw → PNG:        ${native.pagesPerSecond.toFixed(1)} pages/s (${native.seconds.toFixed(1)} s)`);
  console.log(
    `pipeline → PNG:           ${png.pagesPerSecond.toFixed(1)} pages/s (${png.seconds.toFixed(1)} s, incl. process start, text, cover)  ratio ${(png.pagesPerSecond / native.pagesPerSecond).toFixed(2)}×`,
  );
  console.log(`pipeline → WebP:          ${webp.pagesPerSecond.toFixed(1)} pages/s (${webp.seconds.toFixed(1)} s)`);
  console.log(
    `upload → first page:      ${firstPage.toFixed(2)} s (queue pick-up, conversion of the preview pages, default 12)`,
  );
}
if (rest)
  console.log(
    `500-page PDF, peak RSS:   ${mb(rest.big.peakRss)} (${rest.big.seconds.toFixed(1)} s, 12 preview pages, text of all 500)`,
  );
for (const o of office) {
  console.log(
    `${`Office first page, ${o.name}:`.padEnd(46)}${o.first.toFixed(2)} s vs LibreOffice --convert-to pdf ${o.lo.toFixed(2)} s (+${(o.first - o.lo).toFixed(2)} s; median of ${runs})`,
  );
}
if (rest)
  console.log(
    `OCR (chi_sim+chi_tra+eng, 300 dpi):           ${(OCR_PAGES / rest.ocrSeconds).toFixed(2)} pages/s (${OCR_PAGES} A4 pages of 14 lines, ${rest.ocrSeconds.toFixed(1)} s incl. process start)`,
  );
rmSync(dir, { recursive: true, force: true });
