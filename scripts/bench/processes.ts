import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';

/** A server the bench started, with what it reads off the operating system about it. */
export interface RunningServer {
  name: string;
  url: string;
  child: ChildProcess;
  /** CPU time (user + system) the process has used so far, in milliseconds. */
  cpuMs(): number;
  /** Resident memory now, in MiB. */
  rssMiB(): number;
  stop(): Promise<void>;
}

// /proc/<pid>/stat counts CPU in clock ticks: 100 a second on Linux's usual builds.
const TICKS_PER_SECOND = 100;

const cpuMsOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
};

const rssMiBOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode} before answering`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok || res.status === 404) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Starts a Node script of the repo as a server on `port` and waits until it answers. */
export async function startServer(
  name: string,
  script: string,
  port: number,
  env: Record<string, string>,
  logFile: string,
): Promise<RunningServer> {
  const log = openSync(logFile, 'a');
  // process.execPath: the real node binary, so the pid read below is the server's own.
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, 120_000);
  const pid = child.pid!;
  return {
    name,
    url,
    child,
    cpuMs: () => cpuMsOf(pid),
    rssMiB: () => rssMiBOf(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
