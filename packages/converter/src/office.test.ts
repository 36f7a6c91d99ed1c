import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { pdfWritten, runCommand } from './office.ts';

const dir = mkdtempSync(join(tmpdir(), 'wenku-office-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Running (a killed process whose parent is gone may stay a zombie until it is reaped: that is not running). */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('LibreOffice ended once its PDF is written (issue 18)', () => {
  it('tells a whole PDF from one being written', async () => {
    const pdf = join(dir, 'a.pdf');
    expect(await pdfWritten(pdf)).toBe(false);
    writeFileSync(pdf, '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
    expect(await pdfWritten(pdf)).toBe(false);
    writeFileSync(pdf, '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    expect(await pdfWritten(pdf)).toBe(true);
  });

  it('kills a command and its process group once its work is done, instead of waiting for its exit', async () => {
    const out = join(dir, 'done');
    // A stand-in office: writes its result, then takes its time to shut down (a child of its own, too).
    const result = await runCommand(
      'sh',
      ['-c', `sleep 300 & echo $!; echo $$; echo ok > "${out}"; wait`],
      120_000,
      undefined,
      undefined,
      { done: async () => pdfWrittenLike(out) },
    );
    expect(result.code).toBe(0);
    const pids = result.output.trim().split('\n').map(Number);
    expect(pids).toHaveLength(2);
    // Killed, not waited for: gone a moment later (the stand-in would run five minutes).
    for (const pid of pids) await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 20_000 });
  });

  it('says when the command has started', async () => {
    let started = 0;
    const result = await runCommand('sh', ['-c', 'exit 3'], 60_000, undefined, undefined, {
      onSpawn: () => {
        started += 1;
      },
    });
    expect(result.code).toBe(3);
    expect(started).toBe(1);
  });
});

/** The stand-in's "PDF" is a line `ok`. */
async function pdfWrittenLike(path: string): Promise<boolean> {
  const { readFile } = await import('node:fs/promises');
  return (await readFile(path, 'utf8').catch(() => '')) === 'ok\n';
}
