import { spawn } from 'node:child_process';
import { copyFile, cp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeText } from './encoding.ts';
import { readHead } from './head.ts';

/** Kingsoft formats are read through LibreOffice's MS filters (measured-conversion §3). */
const RENAME: Record<string, string> = { wps: 'doc', et: 'xls', dps: 'ppt' };

/** Spreadsheets go through calc.py (UNO) to be laid out to the page width and give the whole text of their cells. */
const SPREADSHEETS = new Set(['xls', 'xlsx', 'et', 'ods', 'csv', 'tsv']);
// Beside this module in the sources and beside convert-child.js in the server bundle (apps/server/build.ts copies it).
const CALC_SCRIPT = fileURLToPath(new URL('./calc.py', import.meta.url));
// Debian's interpreter, which python3-uno belongs to (another python3 on PATH has no `uno` module).
const PYTHON = '/usr/bin/python3';
/** The line calc.py writes once the first page's PDF (`<pdf>.first.pdf`) is there. */
const FIRST_PAGE = 'first-page';

/** Process groups of the commands running now, so that a conversion child told to stop can take them along. */
const running = new Set<number>();

/** Kills every command this process is running (their whole process groups). */
export function killRunningCommands(): void {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
}

/** Runs a command in its own process group, killing the whole group when the time is up. */
export function runCommand(
  cmd: string,
  args: string[],
  timeoutMs: number,
  env?: Record<string, string>,
  /** Each line of the command's standard output, as it comes. */
  onLine?: (line: string) => void,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // biome-ignore lint/style/noProcessEnv: the child inherits this process's environment; nothing is read from it
      ...(env ? { env: { ...process.env, ...env } } : {}),
    });
    const pid = child.pid;
    if (pid) running.add(pid);
    let output = '';
    let line = '';
    child.stdout.on('data', (d) => {
      output += d;
      if (!onLine) return;
      const lines = `${line}${d}`.split('\n');
      line = lines.pop() ?? '';
      for (const l of lines) onLine(l);
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      reject(new Error(`转换超时（超过 ${Math.round(timeoutMs / 1000)} 秒）`));
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      if (pid) running.delete(pid);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (pid) running.delete(pid);
      resolve({ code: code ?? -1, output });
    });
  });
}

export interface OfficeResult {
  pdf: string;
  /** Spreadsheets: the full text of every cell, row by row (the PDF clips text overflowing into a filled cell). */
  text?: string;
}

export interface OfficeOptions {
  /** A prepared LibreOffice profile (officeProfile()): copied for this conversion, it starts faster than a new one. */
  profileTemplate?: string;
  /** Spreadsheets: a PDF of the first page alone, as soon as it is exported, while the whole document follows. */
  onFirstPage?: (pdf: string) => void;
}

/**
 * Converts an Office file to PDF with LibreOffice headless, using a profile of its own (a shared profile makes a
 * second concurrent soffice fail silently). CSV/TSV are transcoded to UTF-8 first and read with the CSV filter;
 * spreadsheets are laid out by calc.py; HTML saved as .doc is read with Writer's HTML filter (the Writer/Web export
 * LibreOffice picks otherwise prints blank pages).
 */
export async function officeToPdf(
  input: string,
  ext: string,
  workDir: string,
  timeoutMs: number,
  memoryBytes = 3 * 1024 ** 3,
  options: OfficeOptions = {},
): Promise<OfficeResult> {
  const e = ext.replace(/^\./, '').toLowerCase();
  const source = join(workDir, `source.${RENAME[e] ?? e}`);
  const filter: string[] = [];
  let csvOptions = '';
  if (e === 'csv' || e === 'tsv') {
    await writeFile(source, decodeText(await readFile(input)), 'utf8');
    csvOptions = `${e === 'tsv' ? 9 : 44},34,76,1`;
  } else {
    await copyFile(input, source);
    if (
      !SPREADSHEETS.has(e) &&
      /^\s*(<!doctype html|<html|<head|<meta|<body)/i.test(decodeText(await readHead(input, 512)))
    )
      filter.push('--infilter=HTML (StarWriter)');
  }
  const pdf = join(workDir, 'source.pdf');
  const textFile = join(workDir, 'source.txt');
  let reason = '';
  // LibreOffice occasionally fails to initialise a fresh profile under load; one retry with another profile
  // separates that from a file it really cannot read. The first attempt starts from a copy of the prepared profile
  // when there is one (each conversion has a copy of its own: two offices never share a profile), the retry from a
  // new profile, in case the copy was at fault.
  let firstPage = false;
  for (const attempt of [1, 2]) {
    const profile = join(workDir, `lo-profile-${attempt}`);
    if (attempt === 1 && options.profileTemplate)
      await cp(options.profileTemplate, profile, { recursive: true }).catch(() =>
        rm(profile, { recursive: true, force: true }),
      );
    const command = SPREADSHEETS.has(e)
      ? [PYTHON, CALC_SCRIPT, profile, source, pdf, textFile, ...(csvOptions ? [csvOptions] : [])]
      : [
          'soffice',
          '--headless',
          '--norestore',
          '--nologo',
          `-env:UserInstallation=file://${profile}`,
          ...filter,
          '--convert-to',
          'pdf',
          '--outdir',
          workDir,
          source,
        ];
    // LibreOffice is native code, so an address-space limit caps it safely (a zip bomb fails instead of eating the host).
    const { code, output } = await runCommand(
      'prlimit',
      [`--as=${Math.max(2 * 1024 ** 3, memoryBytes)}`, ...command],
      timeoutMs,
      undefined,
      (line) => {
        // calc.py's first page, announced once (a retry exports it again).
        if (line !== FIRST_PAGE || firstPage) return;
        firstPage = true;
        options.onFirstPage?.(`${pdf}.first.pdf`);
      },
    );
    const size = await stat(pdf)
      .then((st) => st.size)
      .catch(() => 0);
    if (size > 0) {
      if (!SPREADSHEETS.has(e)) return { pdf };
      return { pdf, text: await readFile(textFile, 'utf8').catch(() => undefined) };
    }
    reason = output.match(/Error:?[^\n]*/)?.[0]?.trim() ?? `退出码 ${code}`;
  }
  throw new Error(`LibreOffice 无法转换该文件（${reason}），文件可能已损坏或已加密`);
}
