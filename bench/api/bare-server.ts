/**
 * The reference of `npm run bench:api`: Fastify 5 with one route answering a small JSON object,
 * nothing else. What the product's routes are compared with, measured in the same run.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, service: 'bare', version: 1 }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

const close = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
