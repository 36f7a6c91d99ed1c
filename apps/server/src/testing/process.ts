import { type ChildProcess, spawn } from 'node:child_process';

const SOURCE = { server: '../main.ts', cli: '../cli.ts' } as const;
const BUNDLE = { server: '../../dist/main.js', cli: '../../dist/cli.js' } as const;

/** The command line of the server or the CLI: from the TypeScript sources through tsx, or the bundle `npm start` runs. */
export function processArgv(script: 'server' | 'cli', opts: { bundle?: boolean } = {}): string[] {
  if (opts.bundle) return ['--enable-source-maps', new URL(BUNDLE[script], import.meta.url).pathname];
  return ['--import', 'tsx', new URL(SOURCE[script], import.meta.url).pathname];
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Sends a signal and waits for the exit code (or the signal's name). */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a spawned server or CLI: no inherited DATABASE_URL unless given, quiet and small. */
function processEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _inherited, ...rest } = process.env;
  return { ...rest, HOST: '127.0.0.1', PORT: '0', SEED_DEMO: '0', DB_POOL_MAX: '4', ...env };
}

function exitOf(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
}

/**
 * Starts the server (main.ts, or with `bundle` what `npm start` runs) as an operator would, and resolves once it listens; rejects with its output if it exits
 * first.
 */
export function startServerProcess(
  env: Record<string, string>,
  opts: { bundle?: boolean; onLine?: (line: string) => void; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  // nodeArgs: options of node itself that NODE_OPTIONS refuses (e.g. --cpu-prof for a benchmark).
  const argv = [...(opts.nodeArgs ?? []), ...processArgv('server', opts)];
  const child = spawn(process.execPath, argv, { env: processEnv(env), stdio: 'pipe' });
  let out = '';
  let partial = '';
  // Lines as they arrive, for tests that follow what a process does (a worker's conversions).
  child.stdout?.on('data', (d: Buffer) => {
    const lines = (partial + d).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) opts.onLine?.(line);
  });
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d;
      // A web process says where it listens; a worker (ROLE=worker) that it runs.
      const port = /listening on http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
      if (port || / worker running /.test(out)) {
        child.stdout?.off('data', onData);
        child.stdout?.on('data', (more: Buffer) => {
          out += more;
        });
        resolve({
          child,
          url: port ? `http://127.0.0.1:${port}` : '',
          output: () => out,
          async stop(signal = 'SIGTERM') {
            child.kill(signal);
            return exitOf(child);
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => {
      out += d;
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`)),
    );
  });
}

/**
 * Runs main.ts (the server) or cli.ts to its end and returns what it printed. A process still running after
 * `killAfterMs` (a server that should have refused to start) is killed, and reports code -1.
 */
export function runProcess(
  script: 'server' | 'cli',
  args: string[],
  env: Record<string, string>,
  killAfterMs = 90_000,
  opts: { bundle?: boolean } = {},
): Promise<ProcessResult> {
  const child = spawn(process.execPath, [...processArgv(script, opts), ...args], {
    env: processEnv(env),
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  return exitOf(child).then((code) => {
    clearTimeout(timer);
    return { code: typeof code === 'number' ? code : -1, stdout, stderr };
  });
}
