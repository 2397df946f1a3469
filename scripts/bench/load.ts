// Load generation for the bench (autocannon): one URL for a while, a list of URLs never repeated
// (cold), and an endpoint measured against its ceilings in alternating rounds; and one answer
// exactly as sent.
import autocannon from 'autocannon';

export const CONNECTIONS = 10;
export const ROUNDS = 3;

/** The middle value (the upper middle for an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(url: string, duration: number, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  return {
    total: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

/**
 * Every request takes the next query from `queries` (none repeats), so nothing is answered from a
 * cache keyed by the query: what a long tail of distinct searches and filters costs. `append` is
 * added to every query (`&status=all`). `cacheHits` counts the answers the visitors' cache gave
 * (`x-catalogue-cache: hit`): 0 unless a query was asked before.
 */
export async function runCold(
  base: string,
  queries: { list: string[]; next: number },
  duration: number,
  headers: Record<string, string> = {},
  { append = '' }: { append?: string } = {},
) {
  const start = queries.next;
  let cacheHits = 0;
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const path = queries.list[queries.next++];
          if (!path) throw new Error('the cold measurement ran out of distinct queries');
          return { ...req, path: path + append };
        },
        onResponse: (_status, _body, _context, answer) => {
          if (answer?.['x-catalogue-cache'] === 'hit') cacheHits++;
        },
      },
    ],
  });
  return {
    requests: queries.next - start,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    cacheHits,
  };
}

/**
 * The endpoint, its ceiling and the body-only ceiling, measured in alternating rounds (ceiling,
 * app, bare, ceiling, app, bare, ...) so that a burst of load from elsewhere on the machine hits
 * all alike; each figure is the median of its rounds. `headers` go with every request (to all
 * three: the ceilings ignore them).
 */
export async function measureRounds(
  ceilingUrl: string,
  appUrl: string,
  bareUrl: string,
  duration: number,
  headers: Record<string, string> = {},
) {
  const urls = [ceilingUrl, appUrl, bareUrl];
  for (const url of urls) await run(url, 1, headers); // warm-up
  const results = urls.map(() => [] as Awaited<ReturnType<typeof run>>[]);
  const each = Math.max(1, Math.round(duration / ROUNDS));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [j, url] of urls.entries()) results[j]!.push(await run(url, each, headers));
  }
  const [c, a, b] = results as [(typeof results)[0], (typeof results)[0], (typeof results)[0]];
  return {
    ceiling: { rps: median(c.map((x) => x.rps)), p99: median(c.map((x) => x.p99)) },
    bare: { rps: median(b.map((x) => x.rps)) },
    app: {
      rps: median(a.map((x) => x.rps)),
      p50: median(a.map((x) => x.p50)),
      p99: median(a.map((x) => x.p99)),
      errors: a.reduce((n, x) => n + x.errors, 0),
    },
  };
}
