import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestEnv } from './test-db';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** Runs the real server entry (src/server.ts) as its own process. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, url: `http://127.0.0.1:${env.PORT}`, output: () => out, exited };
}

/** Waits for the first healthy answer; the limit only ends a wait for a server that never starts. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  let exitCode: number | null | undefined;
  void server.exited.then((c) => (exitCode = c));
  while (Date.now() - started < timeoutMs) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}):\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no healthy answer within ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * The real server entry (as `npm start` runs it) on a fresh test database, with a superadmin
 * signed in: its base URL, the superadmin's auth header, and stop() (ends the process, removes the
 * database).
 */
export async function startSignedInServer(env: Record<string, string> = {}) {
  const testEnv = await createTestEnv();
  const email = 'importer@example.com';
  const password = 'Fixture-Secret-91';
  const server = spawnServer({
    ...testEnv.env,
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    SUPERADMIN_EMAIL: email,
    SUPERADMIN_PASSWORD: password,
    ...env,
  });
  const stop = async () => {
    if (server.proc.exitCode === null) {
      server.proc.kill('SIGTERM');
      await server.exited;
    }
    await testEnv.cleanup();
  };
  try {
    await waitForHealth(server);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const auth = { authorization: `Bearer ${(await login.json()).data.idToken}` };
    return { server, base: server.url, auth, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
