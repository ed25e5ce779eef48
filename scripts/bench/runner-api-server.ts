// Child process of the bench's runner-api section: the real API and a bare Koa app, each on its own
// loopback port, so the load generator (in the parent) does not share their event loop. Prints
// `{"api":port,"bare":port}` on one line once both listen; stops on SIGTERM.
import { createServer } from 'node:http';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import { closeServer, listenOnLoopback, startBenchApi } from './bench-api.ts';
import { Cleanup } from './cleanup.ts';

/** The floor under our endpoints: the same HTTP stack (Koa, JSON body parser, router) doing nothing. */
function bareApp(): Koa {
  const app = new Koa();
  const router = new Router();
  router.post('/bare', (ctx) => {
    ctx.body = { ok: true };
  });
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }));
  app.use(router.routes());
  return app;
}

const cleanup = new Cleanup();
const stop = async (exitCode: number) => {
  await cleanup.run();
  process.exit(exitCode);
};
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));

try {
  const api = await startBenchApi();
  cleanup.add(() => api.close());
  const bare = createServer(bareApp().callback());
  const barePort = await listenOnLoopback(bare);
  cleanup.add(() => closeServer(bare));
  console.log(JSON.stringify({ api: api.port, bare: barePort }));
} catch (error) {
  console.error(error);
  await stop(1);
}
