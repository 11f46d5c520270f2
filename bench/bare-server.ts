// The baseline: a bare Fastify route in its own process, measured in the same run as the app.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
