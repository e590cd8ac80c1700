// The benchmark's yardstick: the smallest useful Fastify app, {ok:true} on GET /, in a process of
// its own like the real server. Prints its port once listening.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
const port = Number(process.argv[2] ?? 0);
await app.listen({ port, host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
