import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { decodeText } from './encoding.ts';
import { runCommand } from './office.ts';

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}

/**
 * CHM → one HTML document: `extract_chmLib` unpacks the pages (Debian libchm-bin), which are joined in the table of
 * contents order (`.hhc`), transcoded to UTF-8 (CHM pages are usually GBK).
 */
export async function chmToHtml(input: string, workDir: string, timeoutMs: number): Promise<string> {
  const outDir = join(workDir, 'chm');
  const { code, output } = await runCommand('extract_chmLib', [input, outDir], timeoutMs);
  if (code !== 0) throw new Error(`无法解开 CHM 文件：${output.trim().split('\n')[0] ?? code}`);
  const files = await walk(outDir);
  const pages = files.filter((f) => /\.html?$/i.test(f));
  if (pages.length === 0) throw new Error('CHM 文件中没有页面');
  const hhc = files.find((f) => /\.hhc$/i.test(f));
  let ordered = pages.sort();
  if (hhc) {
    const toc = decodeText(await readFile(hhc));
    const locals = [...toc.matchAll(/name="Local"\s+value="([^"#]+)/gi)].map((m) =>
      (m[1] ?? '').replace(/\\/g, '/').toLowerCase(),
    );
    const rank = new Map(locals.map((l, i) => [l, i]));
    ordered = [...pages].sort((a, b) => {
      const ra = rank.get(relative(outDir, a).toLowerCase()) ?? Number.MAX_SAFE_INTEGER;
      const rb = rank.get(relative(outDir, b).toLowerCase()) ?? Number.MAX_SAFE_INTEGER;
      return ra - rb || a.localeCompare(b);
    });
  }
  const bodies: string[] = [];
  for (const page of ordered) {
    const html = decodeText(await readFile(page));
    const body = /<body[^>]*>([\s\S]*?)<\/body>/i.exec(html)?.[1] ?? html;
    // Scripts and images with relative paths cannot be resolved from a single document; keep the text.
    bodies.push(body.replace(/<script[\s\S]*?<\/script>/gi, '').replace(/<img[^>]*>/gi, ''));
  }
  return `<!doctype html><html><head><meta charset="utf-8"></head><body>${bodies.join('<hr/>')}</body></html>`;
}
