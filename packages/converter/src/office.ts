import { spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import { copyFile, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
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

const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const OLE = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const isContainer = (head: Buffer) => head.subarray(0, 4).equals(ZIP) || head.subarray(0, 8).equals(OLE);

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
  more: {
    /** Once the command has started. */
    onSpawn?: () => void;
    /**
     * Asked every 20 ms while the command runs: once it says the command's work is done, the command is killed
     * (with its process group) instead of waited for, and the result is exit code 0.
     */
    done?: () => Promise<boolean>;
  } = {},
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
    let finished = false;
    const killGroup = () => {
      try {
        if (pid) process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    let asking = false;
    const poll = more.done
      ? setInterval(() => {
          if (asking || finished) return;
          asking = true;
          void more.done?.().then(
            (yes) => {
              asking = false;
              if (!yes || finished) return;
              finished = true;
              killGroup();
              // Its result is there: the answer does not wait for the killed processes to be gone (their exit,
              // tearing down a large process, takes a while on a busy machine).
              clearTimeout(timer);
              clearInterval(poll);
              resolve({ code: 0, output });
            },
            () => {
              asking = false;
            },
          );
        }, 20)
      : undefined;
    if (pid) child.once('spawn', () => more.onSpawn?.());
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
      clearInterval(poll);
      killGroup();
      reject(new Error(`转换超时（超过 ${Math.round(timeoutMs / 1000)} 秒）`));
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      clearInterval(poll);
      if (pid) running.delete(pid);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      clearInterval(poll);
      if (pid) running.delete(pid);
      resolve({ code: finished ? 0 : (code ?? -1), output });
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
  /** Once LibreOffice's process has started (the caller's own preparations wait for it, so as not to delay it). */
  onStarted?: () => void;
}

/**
 * Whether LibreOffice has written the whole PDF: it ends with `%%EOF` (LibreOffice writes no incremental or linearised
 * PDF, whose earlier sections end so too).
 */
export async function pdfWritten(path: string): Promise<boolean> {
  const file = await open(path, 'r').catch(() => undefined);
  if (!file) return false;
  try {
    const { size } = await file.stat();
    const tail = Buffer.alloc(Math.min(size, 32));
    await file.read(tail, 0, tail.length, size - tail.length);
    return tail.includes('%%EOF');
  } finally {
    await file.close();
  }
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
    if (!SPREADSHEETS.has(e)) {
      const head = await readHead(input, 512);
      // A zip (OOXML, OpenDocument) or OLE container is no HTML: its bytes are not decoded (a guess at their encoding
      // loads the encoding detector, a tenth of a second before LibreOffice starts).
      if (!isContainer(head) && /^\s*(<!doctype html|<html|<head|<meta|<body)/i.test(decodeText(head)))
        filter.push('--infilter=HTML (StarWriter)');
    }
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
    // (A hundred small files: copied at once, without turns of the event loop that other work could take.)
    if (attempt === 1 && options.profileTemplate) {
      try {
        cpSync(options.profileTemplate, profile, { recursive: true });
      } catch {
        await rm(profile, { recursive: true, force: true });
      }
    }
    await rm(pdf, { force: true });
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
      {
        ...(attempt === 1 && options.onStarted ? { onSpawn: options.onStarted } : {}),
        // `--convert-to` ends with LibreOffice's orderly shutdown, a tenth of a second or more after the PDF is
        // written, with nothing left to save (a scratch profile, the source only read): it is ended at once instead.
        // (calc.py ends its office itself.)
        ...(SPREADSHEETS.has(e) ? {} : { done: () => pdfWritten(pdf) }),
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
