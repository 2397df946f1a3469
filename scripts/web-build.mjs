// Builds the web app when its output is missing or older than its sources, then writes a brotli
// (.br) and a gzip (.gz) copy beside every compressible file of apps/web/dist, which the server
// sends to browsers that accept them (docs/decisions/015-compression.md).
// Used by `npm install` (postinstall), `npm start` and `npm run build`, so a fresh clone serves the
// app at once, compressed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { COMPRESSIBLE } from '../apps/api/src/lib/compressible-files.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const output = path.join(dist, 'index.html');
// The server bundle of the public pages (apps/web/src/entry-server.tsx), built after the client.
const serverOutput = path.join(root, 'apps/web/dist-server/entry-server.js');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/shared/src',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p))
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function webBuildIsStale() {
  if (!fs.existsSync(output) || !fs.existsSync(serverOutput)) return true;
  const built = Math.min(fs.statSync(output).mtimeMs, fs.statSync(serverOutput).mtimeMs);
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** True when dist has no compressed copies from after its last build (index.html's go last). */
export function precompressIsStale(dir = dist) {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  return ['.br', '.gz'].some(
    (ext) => !fs.existsSync(index + ext) || fs.statSync(index + ext).mtimeMs < built,
  );
}

function compressibleFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) return compressibleFiles(p);
    return COMPRESSIBLE.test(entry.name) ? [p] : [];
  });
}

/**
 * Writes file.br (brotli, quality 11: the best, paid once per build) and file.gz (gzip level 9)
 * beside each compressible file of dist, each only when it is smaller than the file. index.html
 * goes last, so an interrupted run is seen as stale and done again.
 */
export async function precompressDist(dir = dist) {
  const index = path.join(dir, 'index.html');
  const files = compressibleFiles(dir).sort((a, b) => (a === index) - (b === index));
  const last = files.at(-1) === index ? files.pop() : undefined;
  let before = 0;
  let after = 0;
  const one = async (file) => {
    const body = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: 9 }),
    ]);
    for (const [ext, bytes] of [
      ['.br', br],
      ['.gz', gz],
    ]) {
      // Written beside, then renamed: a server running meanwhile never sends half a file.
      if (bytes.length < body.length) {
        fs.writeFileSync(`${file}${ext}.tmp`, bytes);
        fs.renameSync(`${file}${ext}.tmp`, file + ext);
      } else fs.rmSync(file + ext, { force: true });
    }
    before += body.length;
    after += Math.min(br.length, body.length);
  };
  // A few at a time: zlib runs them on libuv's thread pool (4 threads).
  for (let i = 0; i < files.length; i += 4) await Promise.all(files.slice(i, i + 4).map(one));
  if (last) await one(last);
  console.log(
    `Precompressed ${files.length + (last ? 1 : 0)} files of ${path.relative(root, dir)}: ${Math.round(before / 1024)} KB, ${Math.round(after / 1024)} KB as brotli.`,
  );
}

export function buildWebIfStale() {
  if (webBuildIsStale()) {
    console.log(
      'Building the web app (apps/web/dist and its server bundle, apps/web/dist-server)...',
    );
    const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      console.error('The web app failed to build.');
      process.exit(result.status ?? 1);
    }
  }
  if (precompressIsStale()) return precompressDist();
}

// `node scripts/web-build.mjs` builds and compresses when stale; `--precompress DIR` only
// compresses the files of DIR (the API tests use it on a dist of their own).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--precompress');
  if (at > 0) await precompressDist(path.resolve(process.argv[at + 1] ?? dist));
  else await buildWebIfStale();
}
