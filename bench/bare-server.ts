// The baseline: a bare Fastify route in its own process, measured in the same run as the app.
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 1 << 20 });
app.get('/bare', async () => ({ status: 'ok' }));
// A page's own bytes, sent as the page is (bench/history.ts): the most any route answering them
// could do on this host with this load generator (which frames bodies without reading them).
const bodies = new Map<string, { body: Buffer; encoding: string }>();
app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
app.put<{ Params: { name: string }; Querystring: { encoding?: string }; Body: Buffer }>('/bodies/:name', async (request, reply) => {
  bodies.set(request.params.name, { body: request.body, encoding: request.query.encoding ?? '' });
  return reply.code(204).send();
});
app.get<{ Params: { name: string } }>('/bodies/:name', async (request, reply) => {
  const page = bodies.get(request.params.name);
  if (!page) return reply.code(404).send();
  if (page.encoding) reply.header('content-encoding', page.encoding);
  return reply.type('application/json; charset=utf-8').send(page.body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
