import { execFile, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { killRunningCommands, runCommand } from './office.ts';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

describe('conversion child', () => {
  it('kills the commands it runs (LibreOffice has a process group of its own) when told to stop', async () => {
    const result = runCommand('sh', ['-c', 'sleep 60 & wait'], 120_000);
    killRunningCommands();
    expect((await result).code).toBe(-1);
  });

  it("hands over each line of a command's output as it comes (calc.py announces its first page so)", async () => {
    const lines: string[] = [];
    const result = await runCommand(
      'sh',
      ['-c', 'printf "one\\ntw"; sleep 0.1; printf "o\\nthree\\n"'],
      60_000,
      undefined,
      (l) => lines.push(l),
    );
    expect(result.code).toBe(0);
    expect(lines).toEqual(['one', 'two', 'three']);
  });

  it('stops with its LibreOffice when its worker is gone, instead of converting for nobody', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wenku-child-test-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    // A stand-in soffice that holds a named pipe open for writing: the test's read ends only when it dies.
    const pipe = join(dir, 'soffice-alive');
    await promisify(execFile)('mkfifo', [pipe]);
    writeFileSync(join(dir, 'soffice'), `#!/bin/sh\nexec 3>"${pipe}"\nexec sleep 300\n`, { mode: 0o755 });
    writeFileSync(join(dir, 'input.docx'), 'not really a document');
    const child = fork(new URL('./child.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href],
      env: { ...process.env, PATH: `${dir}:${process.env.PATH}` },
      stdio: 'ignore',
      serialization: 'advanced',
    });
    cleanup.push(() => child.kill('SIGKILL'));
    const exited = new Promise<number | string | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? signal)),
    );
    child.send({
      input: join(dir, 'input.docx'),
      ext: '.docx',
      outDir: join(dir, 'out'),
      workDir: join(dir, 'work'),
      format: 'png',
      timeoutMs: 120_000,
    });
    // Opening the pipe returns once the stand-in soffice runs: the child is waiting on it when its worker goes.
    const alive = await open(pipe, 'r');
    cleanup.push(() => void alive.close());
    const safety = setTimeout(() => child.kill('SIGKILL'), 30_000);
    cleanup.push(() => clearTimeout(safety));
    child.disconnect();
    expect(await exited).toBe(1);
    // End of file: the last writer, the stand-in soffice, is dead too.
    expect((await alive.read(Buffer.alloc(1), 0, 1)).bytesRead).toBe(0);
  }, 60_000);
});
