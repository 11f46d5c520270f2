// The baseline: a bare Fastify route in its own process, measured in the same run as the app.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
// A body of `size` bytes, sent as a page of that size is: the most a route answering those
// bytes could do on this host with this load generator (bench/history.ts).
const bodies = new Map<number, Buffer>();
app.get<{ Querystring: { size?: string } }>('/bytes', async (request, reply) => {
  const size = Math.min(Number(request.query.size) || 0, 1 << 20);
  let body = bodies.get(size);
  if (!body) bodies.set(size, (body = Buffer.alloc(size, 'x')));
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
