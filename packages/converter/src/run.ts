import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { engineFor } from './formats.ts';
import type { OcrJob, OcrPage } from './ocr.ts';
import type { ConvertJob, ConvertResult } from './pipeline.ts';
import { officeProfile } from './profile.ts';

export interface ConversionLimits {
  /** Wall-clock limit for the whole conversion. */
  timeoutMs: number;
  /** Resident memory cap of the child; an address-space limit would break WebAssembly, so it is watched instead. */
  maxRssBytes: number;
  /** Each preview page (files in outDir) as soon as it is written; awaited before the next one is handled. */
  onPage?: (page: number, files: string[]) => Promise<void>;
}

// From the TypeScript sources the child is child.ts run through tsx (development, tests); in the server bundle
// (apps/server/build.ts) it is convert-child.js beside the bundle, plain JavaScript.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const CHILD = new URL(FROM_SOURCE ? './child.ts' : './convert-child.js', import.meta.url).pathname;
const childExecArgv = () =>
  FROM_SOURCE ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];

async function rssOf(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb * 1024;
  } catch {
    return 0;
  }
}

type Notice = { page: number; files: string[] } | { ocr: OcrPage };

/**
 * Converts one file in a child process and waits for it. The child is killed (with its LibreOffice, in its process
 * group) when it runs out of time or memory; every failure becomes an Error with a reason a person understands.
 */
export async function runConversion(job: ConvertJob, limits: ConversionLimits): Promise<ConvertResult> {
  // Office files start LibreOffice from a copy of the profile this process prepared (once, at its first one).
  const profileTemplate = engineFor(job.ext) === 'office' ? await officeProfile() : undefined;
  return runInChild<ConvertResult>(
    { ...job, memoryBytes: job.memoryBytes ?? limits.maxRssBytes * 2, ...(profileTemplate ? { profileTemplate } : {}) },
    limits,
    (msg) => ('page' in msg ? limits.onPage?.(msg.page, msg.files) : undefined),
  );
}

/**
 * Recognises the text of image-only pages in a child process (MuPDF rendering and Tesseract never run in the process
 * hosting the database), under the same time and memory limits as a conversion. `onPage` gets each page as it is done.
 */
export async function runOcr(
  job: Omit<OcrJob, 'kind'>,
  limits: Omit<ConversionLimits, 'onPage'> & { onPage?: (page: OcrPage) => Promise<void> },
): Promise<void> {
  await runInChild<unknown>({ ...job, kind: 'ocr' }, limits, (msg) =>
    'ocr' in msg ? limits.onPage?.(msg.ocr) : undefined,
  );
}

function runInChild<T>(
  job: ConvertJob | OcrJob,
  limits: Omit<ConversionLimits, 'onPage'>,
  onNotice: (msg: Notice) => Promise<void> | undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      execArgv: childExecArgv(),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr = `${stderr}${d}`.slice(-4000);
    });
    let settled = false;
    let peakRss = 0;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is already gone
      }
      fn();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new Error(`转换超时（超过 ${Math.round(limits.timeoutMs / 1000)} 秒），文件可能过大或过于复杂`)),
        ),
      limits.timeoutMs,
    );
    const watch = setInterval(async () => {
      if (!child.pid) return;
      const rss = await rssOf(child.pid);
      peakRss = Math.max(peakRss, rss);
      if (rss > limits.maxRssBytes) {
        finish(() =>
          reject(
            new Error(`转换所需内存超过上限（${Math.round(limits.maxRssBytes / 1048576)} MB），文件可能过大或过于复杂`),
          ),
        );
      }
    }, 250);
    // Page notices are handled in order; the final answer waits for the last of them. The child exits right after
    // answering, so an exit once the answer has arrived is expected, not a crash.
    let pages: Promise<void> = Promise.resolve();
    let answered = false;
    child.on('message', (msg: { ok: true; result: T } | { ok: false; error: string } | Notice) => {
      if ('page' in msg || 'ocr' in msg) {
        pages = pages.then(() => onNotice(msg)).catch(() => undefined);
        return;
      }
      answered = true;
      void pages.then(() =>
        finish(() => (msg.ok ? resolve({ ...msg.result, peakRss } as T) : reject(new Error(msg.error)))),
      );
    });
    child.on('exit', (code, signal) => {
      if (answered) return;
      finish(() =>
        reject(
          new Error(`转换进程意外退出（${signal ?? code}）${stderr ? `：${stderr.trim().split('\n').pop()}` : ''}`),
        ),
      );
    });
    child.on('error', (e) => finish(() => reject(e)));
    child.send(job);
  });
}
