import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { currentUser, requireAdmin, requireUser } from '#server/auth/require';
import { config } from '#server/platform/config';
import { type RequestState, host } from '#server/platform/host';
import { AppError, badRequest, errorResponse, notFound } from '#server/platform/errors';
import { timeLeft, withinDeadline } from '#server/platform/deadlines';
import { answerOnce, idempotencyKeyOf } from './idempotency';
import { rateLimited } from './rate-limit';
import { type SessionUser, readSessionToken } from '#server/auth/session';
import { jsonResponse } from '#server/platform/json-response';
import {
  type Access,
  type AnswerSpec,
  type EndpointDeclaration,
  type EndpointSpec,
  type HttpMethod,
  type PathParam,
  Reply,
  takesIdempotencyKey,
} from './endpoint-spec';
import { readBytes, readForm, readJson, readQuery } from './request-input';

// Route files import everything about endpoints from here; the declaration vocabulary lives in ./endpoint-spec.
export * from './endpoint-spec';

/**
 * Wraps a plain handler: whatever it returns becomes JSON, whatever it throws becomes the
 * `{error:{status,code,message}}` shape. API endpoints use `defineEndpoint`; the feeds, calendars
 * and robots/sitemap files use this directly.
 */
export function endpoint(handler: (ctx: APIContext) => Promise<unknown> | unknown): APIRoute {
  return async (ctx) => {
    try {
      const result = await handler(ctx);
      if (result instanceof Response) return result;
      if (result === undefined) return new Response(null, { status: 204 });
      return jsonResponse(result);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export type DeclaredRoute = APIRoute & { readonly declaration: EndpointDeclaration };

async function guard(access: Access, ctx: APIContext): Promise<SessionUser | null> {
  if (access === 'public') return null;
  if (access === 'optional-session') return currentUser(ctx);
  if (access === 'admin') return requireAdmin(ctx);
  return requireUser(ctx);
}

/** The path parameters when they are all valid, else null (the handler's own parse then refuses them). */
function validParams(spec: Record<string, PathParam>, raw: APIContext['params']): Record<string, unknown> | null {
  const parsed: Record<string, unknown> = {};
  for (const [name, { schema }] of Object.entries(spec)) {
    const result = schema.safeParse(raw[name]);
    if (!result.success) return null;
    parsed[name] = result.data;
  }
  return parsed;
}

/** Starts the endpoint's `early` read; a refusal it ends in waits for the handler (or for nobody, after an earlier refusal). */
function startEarly(early: ((params: never) => unknown) | undefined, spec: Record<string, PathParam>, ctx: APIContext) {
  if (!early) return undefined;
  const params = validParams(spec, ctx.params);
  if (!params) return undefined;
  const started = early(params as never);
  if (started instanceof Promise) started.catch(() => undefined);
  return started;
}

function parseParams(spec: Record<string, PathParam>, raw: APIContext['params']): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  for (const [name, { schema, invalid }] of Object.entries(spec)) {
    const result = schema.safeParse(raw[name]);
    if (!result.success) throw invalid ? invalid() : result.error;
    parsed[name] = result.data;
  }
  return parsed;
}

/** Runs `work` with the request's state where the host carries one through awaits (ADR 047). */
function inRequestContext<T>(state: RequestState, work: () => Promise<T>): Promise<T> {
  const context = host().requestContext;
  return context ? context.run(state, work) : work();
}

/**
 * A write refused for what a replica read (404: not there yet; 409: an older state) is run once more
 * after a sync begun after the refusal (ADR 047): a replica a sync behind must not refuse a write the
 * primary would take, and once synced it has whatever the primary had when the refusal was given. Only
 * where there is a replica, only when nothing was written and a read came from the replica (a writer's
 * reads go to the primary already); when no sync succeeds within the deadline, the refusal stands.
 * Issue 52: running it again on the primary cost the rush's 8,800 refusals seven round trips each there.
 */
async function checkedWhenCaughtUp(state: RequestState, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    const synced = host().replicaSynced;
    const behindPerhaps =
      error instanceof AppError &&
      (error.status === 404 || error.status === 409) &&
      synced !== undefined &&
      state.readReplica === true &&
      !state.wrote;
    if (!behindPerhaps) throw error;
    try {
      await withinDeadline(synced(), timeLeft(config().ITINERARY_DB_DEADLINE_MS));
    } catch {
      throw error;
    }
    // A refusal that says how to confirm it is read again alone (one statement, not the whole request).
    if (error.stillStands && (await error.stillStands().catch(() => false))) throw error;
    state.readReplica = false;
    return await run();
  }
}

/**
 * One endpoint, declared once: who may call, what it reads, what it answers and which errors it
 * can give. The handler gets the checked user and parsed input; what it returns is the declared
 * answer. Order of checks: availability, access guard, rate limit, path, query, body, the
 * Idempotency-Key (a POST that creates: an earlier answer is given again), handler.
 */
export function defineEndpoint<
  M extends HttpMethod,
  A extends Access,
  R extends AnswerSpec,
  P extends Record<string, PathParam> = Record<string, never>,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  Own extends boolean = false,
  E = undefined,
>(spec: EndpointSpec<M, A, Own, P, Q, B, R, E>): DeclaredRoute {
  const { handler, early: _early, ...declaration } = spec;
  const keyed = takesIdempotencyKey(declaration as EndpointDeclaration);
  const route: APIRoute = (ctx) => {
    const sessionToken = readSessionToken(ctx.request, ctx.cookies);
    // Every database call of the request gives up at one deadline (ADR 047); on a replica, a browser's
    // reads follow its own writes (ADR 032), the early read and the session's included.
    const state: RequestState = {
      deadlineAt: Date.now() + config().ITINERARY_DB_DEADLINE_MS,
      ...(sessionToken ? { reader: sessionToken } : {}),
    };
    return inRequestContext(state, () => answerRequest(ctx, state, sessionToken));
  };
  const answerRequest = async (ctx: APIContext, state: RequestState, sessionToken: string | null): Promise<Response> => {
    try {
      if (spec.available && !spec.available()) throw notFound();
      // Before the guard's session read, so that both reads travel together (ADR 034); not when the
      // guard will refuse without reading anything (nobody is logged in).
      const refusedUnread = spec.access !== 'public' && spec.access !== 'optional-session' && !sessionToken;
      const firstEarly = refusedUnread ? undefined : startEarly(spec.early as never, spec.params ?? {}, ctx);
      const user = spec.ownSessionCheck ? null : await guard(spec.access, ctx);
      if (spec.rateLimit) {
        const { limiter, per, what } = spec.rateLimit;
        const limited = await rateLimited(limiter, per === 'user' && user ? `user:${user.id}` : ctx.clientAddress, what);
        if (limited) return limited;
      }
      const params = parseParams(spec.params ?? {}, ctx.params);
      const query = spec.query ? readQuery(ctx.url, spec.query.schema) : {};
      const bodyFrom = Date.now();
      const body = !spec.body
        ? {}
        : spec.body.binary
          ? spec.body.schema.parse(
              await readBytes(ctx.request, spec.body.binary.maxBytes, () => badRequest(spec.body!.binary!.tooLargeMessage)),
            )
          : await (spec.body.form ? readForm : readJson)(ctx.request, spec.body.schema);
      // The time the body took to arrive is not the database's: a slow upload does not shorten its deadline.
      state.deadlineAt! += Date.now() - bodyFrom;
      const key = keyed ? idempotencyKeyOf(ctx.request) : null;
      let attempt = 0;
      const answer = async (): Promise<Response> => {
        // A second attempt reads from the primary: its early read starts again there.
        const early = attempt++ === 0 ? firstEarly : startEarly(spec.early as never, spec.params ?? {}, ctx);
        const result: unknown = await handler({ ctx, user, params, query, body, early } as never);
        if (result instanceof Response) return result;
        if (result === undefined) return new Response(null, { status: 204 });
        const headers: Record<string, string> = spec.cache ? { 'cache-control': spec.cache } : {};
        if (result instanceof Reply) {
          return jsonResponse(result.body, {
            status: result.init.status ?? spec.answer.status,
            headers: { ...headers, ...result.init.headers },
          });
        }
        return jsonResponse(result, { status: spec.answer.status, headers });
      };
      return await answerOnce(
        { method: spec.method, path: ctx.url.pathname, key, ownerId: user?.id ?? null, body },
        state,
        spec.method === 'GET' ? answer : () => checkedWhenCaughtUp(state, answer),
      );
    } catch (error) {
      return errorResponse(error);
    }
  };
  return Object.assign(route, { declaration: declaration as EndpointDeclaration });
}

export const isDeclaredRoute = (value: unknown): value is DeclaredRoute =>
  typeof value === 'function' && 'declaration' in value && typeof (value as DeclaredRoute).declaration === 'object';
