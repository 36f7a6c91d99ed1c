import { spawn } from 'node:child_process';
import { copyFile, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeText } from './encoding.ts';

/** Kingsoft formats are read through LibreOffice's MS filters (measured-conversion §3). */
const RENAME: Record<string, string> = { wps: 'doc', et: 'xls', dps: 'ppt' };

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
export function runCommand(cmd: string, args: string[], timeoutMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const pid = child.pid;
    if (pid) running.add(pid);
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
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

/**
 * Converts an Office file to PDF with LibreOffice headless, using a profile of its own (a shared profile makes a
 * second concurrent soffice fail silently). CSV/TSV are transcoded to UTF-8 first and read with the CSV filter.
 */
export async function officeToPdf(
  input: string,
  ext: string,
  workDir: string,
  timeoutMs: number,
  memoryBytes = 3 * 1024 ** 3,
): Promise<string> {
  const e = ext.replace(/^\./, '').toLowerCase();
  const source = join(workDir, `source.${RENAME[e] ?? e}`);
  const filter: string[] = [];
  if (e === 'csv' || e === 'tsv') {
    await writeFile(source, decodeText(await readFile(input)), 'utf8');
    filter.push(`--infilter=CSV:${e === 'tsv' ? 9 : 44},34,76,1`);
  } else {
    await copyFile(input, source);
  }
  const pdf = join(workDir, 'source.pdf');
  let reason = '';
  // LibreOffice occasionally fails to initialise a fresh profile under load; one retry with another profile
  // separates that from a file it really cannot read.
  for (const attempt of [1, 2]) {
    const args = [
      '--headless',
      '--norestore',
      '--nologo',
      `-env:UserInstallation=file://${join(workDir, `lo-profile-${attempt}`)}`,
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
      [`--as=${Math.max(2 * 1024 ** 3, memoryBytes)}`, 'soffice', ...args],
      timeoutMs,
    );
    const size = await stat(pdf)
      .then((st) => st.size)
      .catch(() => 0);
    if (size > 0) return pdf;
    reason = output.match(/Error:?[^\n]*/)?.[0]?.trim() ?? `退出码 ${code}`;
  }
  throw new Error(`LibreOffice 无法转换该文件（${reason}），文件可能已损坏或已加密`);
}
