// The ceiling for one payload on this machine: a bare Fastify route sending prepared bytes, with
// the same headers the endpoint sent.
// Usage: node --import tsx scripts/bench/ceiling.ts PORT FILE — FILE holds [{path, headers, body (base64)}].
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const routes = JSON.parse(fs.readFileSync(file!, 'utf8')) as {
  path: string;
  headers: Record<string, string>;
  body: string;
}[];
const app = Fastify({ logger: false });
// Several payloads share a path and differ by query string: look each up by its full URL.
// Under /bare: the same body with only its content type.
const bodies = new Map(
  routes.flatMap((r) => {
    const body = Buffer.from(r.body, 'base64');
    const type = { 'content-type': r.headers['content-type'] ?? 'application/json' };
    return [
      [r.path, { headers: r.headers, body }],
      [`/bare${r.path}`, { headers: type, body }],
    ] as const;
  }),
);
app.get('/*', (request, reply) => {
  const hit = bodies.get(request.url);
  if (!hit) return reply.status(404).send();
  return reply.headers(hit.headers).send(hit.body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
