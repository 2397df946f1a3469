// The ceiling for one payload on this machine: a bare Fastify route sending prepared bytes.
// Usage: node --import tsx scripts/bench/ceiling.ts PORT FILE — FILE holds [{path, contentType, body (base64)}].
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const routes = JSON.parse(fs.readFileSync(file!, 'utf8')) as {
  path: string;
  contentType: string;
  body: string;
}[];
const app = Fastify({ logger: false });
// Several payloads share a path and differ by query string: look each up by its full URL.
const bodies = new Map(
  routes.map((r) => [r.path, { type: r.contentType, body: Buffer.from(r.body, 'base64') }]),
);
app.get('/*', (request, reply) => {
  const hit = bodies.get(request.url);
  if (!hit) return reply.status(404).send();
  return reply.header('content-type', hit.type).send(hit.body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
