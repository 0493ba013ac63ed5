/**
 * The Worker's entry (wrangler.jsonc `main`; the Cloudflare Vite plugin bundles it with Astro's app):
 * installs the Cloudflare host, then hands each request to @astrojs/cloudflare's handler. The cron
 * trigger sweeps what expired.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { handle } from '@astrojs/cloudflare/handler';
import { sweepExpired } from '#server/jobs/sweep';
import { errorResponse } from '#server/platform/errors';
import { brokenPercentEncoding } from '#server/http/request-input';
import { installWorkerHost } from './host';

/** Which request the running code serves: workerd refuses to let one request settle another's I/O. */
const requests = new AsyncLocalStorage<object>();
const requestScope = { current: () => requests.getStore() };

/** What of the Workers runtime's ExecutionContext we use (its full types come with `wrangler types`). */
interface WorkerContext {
  waitUntil(promise: Promise<unknown>): void;
}

export default {
  async fetch(request: Request, env: object, ctx: WorkerContext): Promise<Response> {
    const problem = installWorkerHost(env, requestScope);
    if (problem) return new Response(`${problem}\n`, { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    // Before Astro, whose router fails on it with a 500 (the Node server refuses it the same way).
    const broken = brokenPercentEncoding(new URL(request.url));
    if (broken) return errorResponse(broken);
    return requests.run({}, async () => (await handle(request, env as never, ctx as never)) as unknown as Response);
  },

  async scheduled(_controller: unknown, env: object, ctx: WorkerContext): Promise<void> {
    if (installWorkerHost(env, requestScope)) return;
    ctx.waitUntil(sweepExpired());
  },
};
