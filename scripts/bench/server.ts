// The API under measurement: started from a checkout over a generated catalogue's data, with the
// bench's superadmin and learner signed in.
import { execFileSync } from 'node:child_process';
import { freePort, root, spawnNode, stop, waitFor } from './processes';

export const BENCH_USER = { email: 'bench@example.com', password: 'Measure-Everything-77' };
/** A learner (role basic): what the signed-in rows measure, since an editor also sees drafts. */
export const BENCH_LEARNER = { email: 'learner@example.com', password: 'Measure-Everything-77' };

async function signIn(base: string, user: { email: string; password: string }) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!login.ok) throw new Error(`login of ${user.email} answered ${login.status}`);
  const { data } = (await login.json()) as { data: { idToken: string } };
  return { authorization: `Bearer ${data.idToken}` };
}

/**
 * Starts the API of the checkout in `cwd` (this one unless told) on a free port over a generated
 * catalogue, and signs in the bench's superadmin (`signedIn`: an editor, who sees drafts) and its
 * learner (`learner`, made with `npm run user` before the server starts: what a signed-in reader
 * is). A server that never answers health is stopped before the error goes on (it was left
 * running).
 */
export async function startApi({
  dataDir,
  databaseUrl,
  cwd = root,
}: {
  dataDir: string;
  databaseUrl?: string;
  cwd?: string;
}) {
  const env = {
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SUPERADMIN_EMAIL: BENCH_USER.email,
    SUPERADMIN_PASSWORD: BENCH_USER.password,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/user.ts', 'create', '--email', BENCH_LEARNER.email],
    {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...env },
      input: `${BENCH_LEARNER.password}\n`,
      stdio: 'pipe',
    },
  );
  const port = await freePort();
  const server = spawnNode(['apps/api/src/server.ts'], { ...env, PORT: String(port) }, cwd);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`);
    return {
      base,
      server,
      signedIn: await signIn(base, BENCH_USER),
      learner: await signIn(base, BENCH_LEARNER),
    };
  } catch (err) {
    await stop(server);
    throw err;
  }
}
