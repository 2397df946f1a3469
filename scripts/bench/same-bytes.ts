// The same-bytes ceiling's side of the bench: an answer captured exactly as the server sent it
// (body bytes and headers), and the ceiling server (ceiling.ts) started with such answers.
import fs from 'node:fs';
import path from 'node:path';
import { httpBytes } from '../../apps/api/test/helpers/http';
import { freePort, spawnNode, stop, waitFor } from './processes';

// Sent by every HTTP response or computed per response by Node: not part of the captured bytes.
const HOP_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * One answer of `url` asked with `headers` (and nothing else), for the ceiling to send under `key`
 * (its path there): its body as sent (compressed if it was) and its headers but those above.
 * Refuses an answer other than 200.
 */
export async function captureAnswer(
  url: string,
  key: string,
  headers: Record<string, string> = {},
) {
  const res = await httpBytes(url, { headers });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const kept = Object.entries(res.headers).filter(
    (entry): entry is [string, string | string[]] =>
      entry[1] !== undefined && !HOP_HEADERS.has(entry[0]),
  );
  return {
    path: key,
    headers: Object.fromEntries(
      kept.map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
    ),
    body: res.bytes.toString('base64'),
    bytes: res.bytes.length,
  };
}
export type Captured = Awaited<ReturnType<typeof captureAnswer>>;

/**
 * The same-bytes ceiling (scripts/bench/ceiling.ts) for `captured`: each answer under its path,
 * and its body alone (content type only) under /bare + path. Its files go in `dir`.
 */
export async function startCeiling(captured: Captured[], dir: string) {
  const file = path.join(fs.mkdtempSync(path.join(dir, 'ceiling-')), 'answers.json');
  fs.writeFileSync(file, JSON.stringify(captured));
  const port = await freePort();
  const child = spawnNode(['scripts/bench/ceiling.ts', String(port), file], {});
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}${captured[0]!.path}`);
  } catch (err) {
    await stop(child);
    throw err;
  }
  return { url, process: child };
}
