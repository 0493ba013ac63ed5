import { defineMiddleware } from 'astro:middleware';
import { runMiddleware } from '#server/middleware/steps';

/** Every request Astro answers, on every host: the steps of src/server/middleware/steps.ts. */
export const onRequest = defineMiddleware((ctx, next) => runMiddleware(ctx, next));
