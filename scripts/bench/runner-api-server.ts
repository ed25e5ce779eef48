// Child process of the bench's runner-api section: the real API, a bare Koa app and a durable write, each
// on its own loopback port, so the load generator (in the parent) does not share their event loop. Prints
// `{"api":port,"bare":port,"durable":port}` on one line once all listen; stops on SIGTERM.
import { createServer } from 'node:http';
import { bodyParser } from '@koa/bodyparser';
import Router, { type RouterMiddleware } from '@koa/router';
import Koa from 'koa';
import type pg from 'pg';
import { closeServer, listenOnLoopback, startBenchApi } from './bench-api.ts';
import { Cleanup } from './cleanup.ts';

/** The same HTTP stack (Koa, JSON body parser, router) with one route. */
function koaApp(path: string, handle: RouterMiddleware): Koa {
  const app = new Koa();
  const router = new Router();
  router.post(path, handle);
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }));
  app.use(router.routes());
  return app;
}

/** The floor under our endpoints: the HTTP stack doing nothing. */
const bareApp = () =>
  koaApp('/bare', (ctx) => {
    ctx.body = { ok: true };
  });

/**
 * The floor under a write: the body stored by one INSERT (its own transaction, committed to disk) through
 * the API's own connection pool. The tick does more in its one statement, but never fewer commits.
 */
async function durableApp(pool: pg.Pool): Promise<Koa> {
  await pool.query('create table if not exists bench_durable_writes (id bigserial primary key, body jsonb not null)');
  return koaApp('/durable', async (ctx) => {
    await pool.query({
      name: 'bench-durable-write',
      text: 'insert into bench_durable_writes (body) values ($1)',
      values: [JSON.stringify(ctx.request.body)],
    });
    ctx.body = { ok: true };
  });
}

async function serve(app: Koa): Promise<number> {
  const server = createServer(app.callback());
  const port = await listenOnLoopback(server);
  cleanup.add(() => closeServer(server));
  return port;
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
  const bare = await serve(bareApp());
  const durable = await serve(await durableApp(await api.orm.em.getConnection().getNativeClient()));
  console.log(JSON.stringify({ api: api.port, bare, durable }));
} catch (error) {
  console.error(error);
  await stop(1);
}
