import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { identifyProcess, isProcessRunning } from './process.ts';

describe('process identity', () => {
  it('recognises a running process and not one that exited', async () => {
    const me = await identifyProcess();
    expect(me.pid).toBe(process.pid);
    expect(await isProcessRunning(me)).toBe(true);
    const child = spawn(process.execPath, ['-e', '']);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const who = await identifyProcess(child.pid);
    await exited;
    expect(await isProcessRunning(who)).toBe(false);
  });

  it('tells a reused pid from its first owner by the start time and the boot', async () => {
    const me = await identifyProcess();
    expect(me.startTicks).toBeTypeOf('number');
    expect(await isProcessRunning({ ...me, startTicks: (me.startTicks ?? 0) + 1 })).toBe(false);
    expect(await isProcessRunning({ ...me, bootId: 'another-boot' })).toBe(false);
  });

  it('never asks about process groups', async () => {
    for (const pid of [0, -1, -process.pid, 1.5, Number.NaN]) expect(await isProcessRunning({ pid })).toBe(false);
  });
});
