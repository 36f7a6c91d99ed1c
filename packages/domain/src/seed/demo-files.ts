import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type SharpType from 'sharp';
import { lazyPackage } from '../lazy-package.ts';
import { escapeHtml } from '../presenter.ts';
import type { DemoChapter, DemoSpec } from './demo-library.content.ts';

/**
 * Writes the demo library's files (issue 20) with the tools the site already has: LibreOffice turns flat OpenDocument
 * XML (text, slides, sheets, written here) into PDF, Word, PowerPoint, Excel and EPUB; charts are SVG drawn to PNG by
 * sharp. Nothing binary is committed: the same specs give the same documents on every site.
 */

const sharp = lazyPackage<typeof SharpType>('sharp');
const x = escapeHtml;

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
].join(' ');

const PALETTE = ['#2563eb', '#16a34a', '#ea580c', '#9333ea', '#0891b2', '#db2777'];

/** A bar chart of six values picked from `seed`, as PNG. */
export async function chartPng(seed: number, caption: string): Promise<Buffer> {
  const bars = Array.from({ length: 6 }, (_, i) => 40 + ((seed * 31 + i * 47) % 150));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400">
<rect width="800" height="400" rx="16" fill="#f8fafc"/>
<text x="400" y="48" font-family="Noto Sans CJK SC, Noto Sans, sans-serif" font-size="28" text-anchor="middle" fill="#0f172a">${x(caption)}</text>
<line x1="80" y1="340" x2="740" y2="340" stroke="#94a3b8" stroke-width="2"/>
${bars
  .map(
    (h, i) =>
      `<rect x="${110 + i * 105}" y="${340 - h}" width="64" height="${h}" rx="6" fill="${PALETTE[(seed + i) % PALETTE.length]}"/>` +
      `<text x="${142 + i * 105}" y="${330 - h}" font-family="sans-serif" font-size="20" text-anchor="middle" fill="#334155">${h}</text>`,
  )
  .join('\n')}
</svg>`;
  return sharp()(Buffer.from(svg)).png().toBuffer();
}

const image = (png: Buffer, width: number, height: number) =>
  `<draw:frame svg:width="${width}cm" svg:height="${height}cm" text:anchor-type="as-char"><draw:image><office:binary-data>${png.toString('base64')}</office:binary-data></draw:image></draw:frame>`;

async function chapterImages(spec: DemoSpec, seed: number): Promise<(Buffer | undefined)[]> {
  return Promise.all(
    (spec.chapters ?? []).map((c, i) => (c.image ? chartPng(seed + i, c.heading) : Promise.resolve(undefined))),
  );
}

/** Flat ODT: a title page of its own is not needed; every chapter starts a new page. */
export async function writeFodt(spec: DemoSpec, seed: number): Promise<string> {
  const images = await chapterImages(spec, seed);
  const body = (spec.chapters ?? [])
    .map((c: DemoChapter, i) => {
      const png = images[i];
      return [
        `<text:h text:style-name="${i ? 'HB' : 'H'}" text:outline-level="1">${x(c.heading)}</text:h>`,
        ...c.paragraphs.map((p) => `<text:p text:style-name="P">${x(p)}</text:p>`),
        png ? `<text:p text:style-name="C">${image(png, 15, 7.5)}</text:p>` : '',
      ].join('');
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:meta><dc:title>${x(spec.title)}</dc:title><dc:language>${spec.language}</dc:language></office:meta>
<office:automatic-styles>
<style:style style:name="H" style:family="paragraph" style:parent-style-name="Heading_20_1"><style:text-properties fo:color="#1e3a8a"/></style:style>
<style:style style:name="HB" style:family="paragraph" style:parent-style-name="Heading_20_1"><style:paragraph-properties fo:break-before="page"/><style:text-properties fo:color="#1e3a8a"/></style:style>
<style:style style:name="P" style:family="paragraph" style:parent-style-name="Text_20_body"><style:paragraph-properties fo:line-height="150%" fo:text-indent="0.8cm"/><style:text-properties fo:font-size="12pt"/></style:style>
<style:style style:name="C" style:family="paragraph"><style:paragraph-properties fo:text-align="center" fo:margin-top="0.4cm"/></style:style>
</office:automatic-styles>
<office:body><office:text>
<text:p text:style-name="Title">${x(spec.title)}</text:p>
${body}
</office:text></office:body></office:document>`;
}

/** Flat ODP: one slide per chapter, its heading as title, its paragraphs as bullets, a chart on the right. */
export async function writeFodp(spec: DemoSpec, seed: number): Promise<string> {
  const images = await chapterImages(spec, seed);
  const pages = (spec.chapters ?? [])
    .map((c, i) => {
      const png = images[i];
      const bulletsWidth = png ? 12 : 24;
      return `<draw:page draw:name="slide${i + 1}" draw:master-page-name="Default" draw:style-name="bg">
<draw:frame draw:style-name="box" svg:x="1.5cm" svg:y="1.2cm" svg:width="25cm" svg:height="3cm"><draw:text-box><text:p text:style-name="T">${x(c.heading)}</text:p></draw:text-box></draw:frame>
<draw:frame draw:style-name="box" svg:x="1.5cm" svg:y="5cm" svg:width="${bulletsWidth}cm" svg:height="12cm"><draw:text-box>${c.paragraphs
        .map((p) => `<text:p text:style-name="B">• ${x(p)}</text:p>`)
        .join('')}</draw:text-box></draw:frame>
${png ? `<draw:frame svg:x="14cm" svg:y="5.5cm" svg:width="12.5cm" svg:height="6.25cm"><draw:image><office:binary-data>${png.toString('base64')}</office:binary-data></draw:image></draw:frame>` : ''}
</draw:page>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:meta><dc:title>${x(spec.title)}</dc:title><dc:language>${spec.language}</dc:language></office:meta>
<office:styles><style:style style:name="box" style:family="graphic"><style:graphic-properties draw:stroke="none" draw:fill="none"/></style:style></office:styles>
<office:automatic-styles>
<style:page-layout style:name="PM"><style:page-layout-properties fo:page-width="28cm" fo:page-height="15.75cm" style:print-orientation="landscape"/></style:page-layout>
<style:style style:name="bg" style:family="drawing-page"><style:drawing-page-properties draw:fill="solid" draw:fill-color="#eef4ff"/></style:style>
<style:style style:name="T" style:family="paragraph"><style:text-properties fo:font-size="32pt" fo:font-weight="bold" fo:color="#1e3a8a"/></style:style>
<style:style style:name="B" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.3cm"/><style:text-properties fo:font-size="20pt" fo:color="#0f172a"/></style:style>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Default" style:page-layout-name="PM"/></office:master-styles>
<office:body><office:presentation>
${pages}
</office:presentation></office:body></office:document>`;
}

/** Flat ODS: a sheet per DemoSheet, header row bold. */
export function writeFods(spec: DemoSpec): string {
  const cell = (v: string | number, bold = false) =>
    typeof v === 'number'
      ? `<table:table-cell office:value-type="float" office:value="${v}"><text:p>${v}</text:p></table:table-cell>`
      : `<table:table-cell office:value-type="string"${bold ? ' table:style-name="hd"' : ''}><text:p>${x(v)}</text:p></table:table-cell>`;
  const sheets = (spec.sheets ?? [])
    .map(
      (s) => `<table:table table:name="${x(s.name)}">
<table:table-column table:number-columns-repeated="${s.header.length}" table:style-name="col"/>
<table:table-row>${s.header.map((h) => cell(h, true)).join('')}</table:table-row>
${s.rows.map((r) => `<table:table-row>${r.map((v) => cell(v)).join('')}</table:table-row>`).join('\n')}
</table:table>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:meta><dc:title>${x(spec.title)}</dc:title></office:meta>
<office:automatic-styles>
<style:style style:name="col" style:family="table-column"><style:table-column-properties style:column-width="3.2cm"/></style:style>
<style:style style:name="hd" style:family="table-cell"><style:table-cell-properties fo:background-color="#dbeafe"/><style:text-properties fo:font-weight="bold"/></style:style>
</office:automatic-styles>
<office:body><office:spreadsheet>
${sheets}
</office:spreadsheet></office:body></office:document>`;
}

/**
 * Plain text: the chapters one after another, each heading on a line of its own (no rules of = or -, which would be
 * read into the document's description and search text as they are).
 */
export function writeTxt(spec: DemoSpec): string {
  const lines = [spec.title, ''];
  for (const c of spec.chapters ?? []) {
    lines.push(c.heading, '');
    for (const p of c.paragraphs) lines.push(p, '');
  }
  lines.push(...(spec.appendix ?? []));
  return `${lines.join('\n')}\n`;
}

/** Which flat OpenDocument file a format is converted from (TXT is written as is). */
const SOURCE: Record<DemoSpec['format'], 'fodt' | 'fodp' | 'fods' | 'txt'> = {
  pdf: 'fodt',
  docx: 'fodt',
  epub: 'fodt',
  pptx: 'fodp',
  xlsx: 'fods',
  txt: 'txt',
};

/** Process groups of the LibreOffice runs writing demo files now (stopDemoWriters ends them). */
const writers = new Set<number>();
let stopped = false;

/** Ends the LibreOffice runs writing demo files (the site is stopping): none is left behind the server. */
export function stopDemoWriters(): void {
  stopped = true;
  for (const pid of writers) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  writers.clear();
}

/** One LibreOffice run in its own process group (soffice starts soffice.bin), killed whole on timeout or stop. */
function soffice(profile: string, format: string, outDir: string, inputs: string[], timeoutMs: number) {
  return new Promise<void>((resolve, reject) => {
    if (stopped) return reject(new Error('stopped'));
    const args = [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--convert-to', format];
    const child = spawn('soffice', [...args, '--outdir', outDir, ...inputs], { detached: true, stdio: 'ignore' });
    const pid = child.pid;
    if (pid) writers.add(pid);
    const timer = setTimeout(() => {
      if (pid) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }, timeoutMs);
    const done = (err?: Error) => {
      clearTimeout(timer);
      if (pid) writers.delete(pid);
      if (err) reject(err);
      else resolve();
    };
    child.once('error', done);
    child.once('exit', (code, signal) =>
      done(code === 0 ? undefined : new Error(`soffice --convert-to ${format} ended with ${signal ?? code}`)),
    );
  });
}

/**
 * Writes the files of `specs` into `dir` (one LibreOffice run per target format) and returns their paths, in the
 * order of `specs`. Throws when LibreOffice leaves a file out.
 */
export async function writeDemoFiles(specs: readonly DemoSpec[], dir: string, timeoutMs = 300_000): Promise<string[]> {
  stopped = false;
  const src = join(dir, 'src');
  const out = join(dir, 'out');
  await mkdir(src, { recursive: true });
  await mkdir(out, { recursive: true });
  const byFormat = new Map<string, string[]>();
  const paths: string[] = [];
  for (const [i, spec] of specs.entries()) {
    const kind = SOURCE[spec.format];
    const name = `demo${String(i).padStart(3, '0')}`;
    if (kind === 'txt') {
      const path = join(out, `${name}.txt`);
      await writeFile(path, writeTxt(spec), 'utf8');
      paths.push(path);
      continue;
    }
    const content =
      kind === 'fodt' ? await writeFodt(spec, i) : kind === 'fodp' ? await writeFodp(spec, i) : writeFods(spec);
    const input = join(src, `${name}.${kind}`);
    await writeFile(input, content, 'utf8');
    byFormat.set(spec.format, [...(byFormat.get(spec.format) ?? []), input]);
    paths.push(join(out, `${name}.${spec.format}`));
  }
  for (const [format, inputs] of byFormat) await soffice(join(dir, 'profile'), format, out, inputs, timeoutMs);
  for (const p of paths) await readFile(p).catch(() => Promise.reject(new Error(`LibreOffice did not write ${p}`)));
  return paths;
}
