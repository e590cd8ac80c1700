// The benchmark's yardstick: the smallest useful Fastify app, {ok:true} on GET /, in a process of
// its own like the real server. Prints its port once listening. An optional JSON object of
// response headers (argv[3]) and body bytes in base64 (argv[4]) make it send another answer: the
// standings' own, to tell what sending it costs from what the app's work costs.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const headers = JSON.parse(process.argv[3] ?? '{}');
const body = process.argv[4] ? Buffer.from(process.argv[4], 'base64') : { ok: true };
app.get('/', async (_request, reply) => reply.headers(headers).send(body));
const port = Number(process.argv[2] ?? 0);
await app.listen({ port, host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
