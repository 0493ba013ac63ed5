/**
 * Work a request starts but does not wait for. On Cloudflare the request's execution context keeps
 * the Worker alive until it is done (`waitUntil`; @astrojs/cloudflare hands it to pages and endpoints
 * as `locals.cfContext`); on Node the promise simply runs on. Either way a failure is logged, never thrown.
 */
interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
}

export function inBackground(locals: object | undefined, label: string, task: () => Promise<unknown>): void {
  const running = Promise.resolve()
    .then(task)
    .catch((error: unknown) => console.error(`${label}:`, error));
  const context = (locals as { cfContext?: ExecutionContextLike } | undefined)?.cfContext;
  if (context && typeof context.waitUntil === 'function') context.waitUntil(running);
}
