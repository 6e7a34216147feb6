// A bare Fastify hello-world, run as its own process by bench/api.mjs: the ceiling this machine puts
// on any Fastify route, to read the API's figures against.
//   node bench/api-hello.mjs <port>
import { createRequire } from 'node:module';
import path from 'node:path';

const requireFromApi = createRequire(path.resolve(import.meta.dirname, '..', 'apps', 'api', 'package.json'));
const Fastify = requireFromApi('fastify');

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
