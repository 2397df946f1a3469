// The bench's child processes: a free port, a Node script started with tsx from the repository's
// root, waiting for a URL to answer, a child's CPU time, and stopping a child; and the bench's
// progress lines (on stderr: stdout may be a report).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A progress line of the bench. */
export const log = (...a: unknown[]) => console.error('[bench]', ...a);

/** The repository's root. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Runs `node --import tsx ...args` in `cwd` (this checkout unless told) with only PATH and `env`. */
export function spawnNode(args: string[], env: Record<string, string>, cwd = root): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

/**
 * Polls `url` until it answers 2xx. Two minutes: a server on 100,000 examples gathers its SQLite
 * statistics at start-up, which on a loaded two-core machine took over 30 s.
 */
export async function waitFor(url: string, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * CPU time the server process has used so far (all its threads: compression runs on the thread
 * pool), in ms, from /proc; undefined where there is no /proc. Unlike req/s, CPU per request hardly
 * moves when other work shares the machine.
 */
export function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, 100 Hz ticks
  } catch {
    return undefined;
  }
}

/**
 * Resolves once the process `pid` has gone quiet: under 10 ms of CPU in a 250 ms interval (or after
 * `ms`). A load run that ends leaves the requests it had sent still being answered; waiting for
 * them keeps their work out of the next measurement, and inside this one's CPU time.
 */
export async function settle(pid: number | undefined, ms = 30_000) {
  const end = Date.now() + ms;
  let last = cpuMs(pid);
  while (last !== undefined && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 250));
    const now = cpuMs(pid);
    if (now === undefined || now - last < 10) return;
    last = now;
  }
}
