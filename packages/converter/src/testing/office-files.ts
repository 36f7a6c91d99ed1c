import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * One test file written by LibreOffice: `text` saved as `.from` (txt, csv or html), converted to `to` (e.g. `docx`,
 * `pdf`; HTML to PDF wants `pdf:writer_pdf_Export`).
 */
export interface OfficeFileSpec {
  text: string | Buffer;
  to: string;
  from?: 'txt' | 'csv' | 'html';
}

/** The files of a run live here, named by their content: every test file of the run (both shards) shares them. */
const CACHE = join(tmpdir(), 'wenku-test-office-files');

/** The installed LibreOffice's version, part of each key: another LibreOffice writes other files. */
function officeVersion(): string {
  for (const p of ['/usr/lib/libreoffice/program/versionrc', '/opt/libreoffice/program/versionrc']) {
    if (existsSync(p)) return readFileSync(p, 'utf8');
  }
  return 'unknown';
}

const keyOf = (spec: OfficeFileSpec, version: string) =>
  createHash('sha256')
    .update(`${version}\0${spec.from ?? 'txt'}\0${spec.to}\0`)
    .update(spec.text)
    .digest('hex')
    .slice(0, 32);

/**
 * Test fixtures made by LibreOffice, once per content per run: the files missing from the cache are written by one
 * LibreOffice start per (source type, target format), not one per file, then moved into the cache (a rename: a
 * second process writing the same file at once leaves one whole file). Returns the paths, keyed like `specs`.
 */
export async function officeFiles<K extends string>(specs: Record<K, OfficeFileSpec>): Promise<Record<K, string>> {
  await mkdir(CACHE, { recursive: true });
  const version = officeVersion();
  const out = {} as Record<K, string>;
  const missing = new Map<string, { key: string; spec: OfficeFileSpec }[]>();
  for (const name of Object.keys(specs) as K[]) {
    const spec = specs[name];
    const key = keyOf(spec, version);
    const ext = spec.to.split(':')[0] ?? spec.to;
    const path = join(CACHE, `${key}.${ext}`);
    out[name] = path;
    if (existsSync(path)) continue;
    const group = `${spec.from ?? 'txt'}|${spec.to}`;
    const list = missing.get(group) ?? [];
    if (!list.some((m) => m.key === key)) list.push({ key, spec });
    missing.set(group, list);
  }
  // The groups at once, each LibreOffice with its own profile: most of a start is waiting on files and fonts.
  await Promise.all([...missing.values()].map((list) => convertGroup(list)));
  return out;
}

async function convertGroup(list: { key: string; spec: OfficeFileSpec }[]): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'wenku-office-files-'));
  try {
    const from = list[0]?.spec.from ?? 'txt';
    const to = list[0]?.spec.to ?? '';
    const ext = to.split(':')[0] ?? to;
    const inputs: string[] = [];
    for (const { key, spec } of list) {
      const src = join(work, `${key}.${from}`);
      await writeFile(src, spec.text);
      inputs.push(src);
    }
    await run(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${join(work, 'lo')}`,
        ...(from === 'csv' ? ['--infilter=CSV:44,34,76,1'] : []),
        '--convert-to',
        to,
        '--outdir',
        work,
        ...inputs,
      ],
      { timeout: 180_000 },
    );
    for (const { key } of list) await rename(join(work, `${key}.${ext}`), join(CACHE, `${key}.${ext}`));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
