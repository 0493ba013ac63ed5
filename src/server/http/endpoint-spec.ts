/**
 * What an endpoint declares (`defineEndpoint` in ./endpoint): who may call, its path, query and body,
 * its answer and its errors. The OpenAPI document and the security tests read these facts.
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { entryIdSchema } from '#lib/schemas/entries';
import { itemKeySchema } from '#lib/schemas/reports';
import { noteIdSchema } from '#lib/schemas/notes';
import { jamRequestIdSchema } from '#lib/schemas/jam-requests';
import type { Action } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { type AppError, notFound } from '#server/platform/errors';
import type { RateLimiter } from './rate-limit';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call. The guard runs before anything else: `user` and `manager` need a logged-in user
 * who is not banned (401/403), `admin` an administrator (403). Whether a user manages *this* jam
 * is the service's question (it has the jam); `optional-session` hands the user over if there is one.
 */
export type Access = 'public' | 'optional-session' | 'user' | 'manager' | 'admin';

/** Topics of the API description, in the order the document and /developers show them. */
export const TAGS = [
  { name: 'Jams', description: 'Game jams: list, read, create, edit, delete and the administrator switches.' },
  {
    name: 'Jam requests',
    description:
      'Asking the administrators for a jam (creating jams is theirs alone): send a request, and they edit, approve or decline it.',
  },
  { name: 'Entries', description: 'Scratch projects entered into a jam, upvotes and winners.' },
  { name: 'Feedback', description: 'Kudos and notes on entries, and the words the notes filter refuses.' },
  { name: 'Managers', description: 'The people who run a jam.' },
  {
    name: 'Judges',
    description: 'The people a jam’s managers invite to judge it, their invitations and their private feedback on entries.',
  },
  {
    name: 'Themes',
    description:
      'Theme rounds: the community suggests the theme, sorts the suggestions, upvotes a finalist; the theme is out at the start.',
  },
  { name: 'Account', description: 'The session of the person calling, their dashboard, and user pictures.' },
  { name: 'Users', description: 'Administrators’ tools: every user, their admin and banned flags.' },
  { name: 'Activity', description: 'The audit log, read-only: who did what to which jam or user, and when.' },
  {
    name: 'Moderation',
    description: 'Reporting jams and entries, and the moderation queue of administrators and managers.',
  },
  { name: 'Login flow', description: 'Browser steps of "Log in with Scratch": redirects and form posts, not for scripts.' },
  {
    name: 'Feeds and calendars',
    description: 'RSS, JSON Feed and iCalendar. Prefix the path with /hu or /ir for Hungarian or Irish.',
  },
  { name: 'Site', description: 'Health, credits, the markdown preview and this description.' },
] as const;
export type TagName = (typeof TAGS)[number]['name'];

/** Error statuses an endpoint may document; each has one meaning in the API description. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 502 | 503;

export interface PathParam<S extends z.ZodType = z.ZodType> {
  description: string;
  schema: S;
  /** What a value the schema refuses answers (default: the schema's 400). */
  invalid?: () => AppError;
}

/** A path parameter: a string unless a schema says otherwise. */
export function param(description: string): PathParam<z.ZodString>;
export function param<S extends z.ZodType>(description: string, schema: S, invalid?: () => AppError): PathParam<S>;
export function param(description: string, schema: z.ZodType = z.string(), invalid?: () => AppError): PathParam {
  return { description, schema, invalid };
}

/** The path parameters many endpoints share. */
export const jamSlug = { slug: param('The jam slug (an old slug of a renamed jam works too).') };
export const jamSlugAndEntryId = { ...jamSlug, id: param('The entry id.', entryIdSchema) };
export const jamSlugEntryIdAndNoteId = {
  ...jamSlugAndEntryId,
  noteId: param('The note id.', noteIdSchema, () => notFound('That note does not exist (it may have been deleted).')),
};
/** A reported item of the moderation queue: `jam-{id}` or `entry-{id}`. */
export const reportedItem = {
  item: param('The reported item: `jam-{id}`, `entry-{id}` or `note-{id}`.', itemKeySchema, () =>
    notFound('There is no such reported item. Items are named jam-{id}, entry-{id} or note-{id}.'),
  ),
};
/** A theme suggestion of a jam (ADR 043). */
export const jamSlugAndSuggestionId = {
  ...jamSlug,
  id: param('The theme suggestion’s id.', z.coerce.number().int().positive(), () =>
    notFound('That theme suggestion does not exist (it may have been removed or merged).'),
  ),
};
/** A text of a jam the guard held for a moderator (issue 53 §2). */
export const jamSlugAndHeldTextId = {
  ...jamSlug,
  id: param('The held text’s id.', z.coerce.number().int().positive(), () =>
    notFound('That text is not waiting for a moderator (any more).'),
  ),
};
export const jamRequestId = {
  id: param('The jam request’s ID.', jamRequestIdSchema, () => notFound('There is no jam request with this ID.')),
};

export interface QuerySpec<S extends z.ZodObject = z.ZodObject> {
  schema: S;
  /** A sentence per parameter for the description. */
  notes?: Partial<Record<keyof z.input<S> & string, string>>;
  /** JSON Schema facts the query schema cannot express (e.g. a refine's allowed values). */
  types?: Partial<Record<keyof z.input<S> & string, Record<string, unknown>>>;
}

export interface BodySpec<S extends z.ZodType = z.ZodType> {
  schema: S;
  example: z.input<S>;
  /** An HTML form post (urlencoded or multipart) instead of JSON. */
  form?: boolean;
  /** A file as the whole body (ADR 050): its media type, its largest size and the 400 past it. */
  binary?: { contentType: string; maxBytes: number; tooLargeMessage: string };
}

/** Another status the same answer comes with, e.g. 200 when the report already existed. */
export interface AlsoAnswer {
  status: number;
  description: string;
  /** For redirects, which have no body: an example `Location`. */
  location?: string;
}

/** A JSON answer: its schema (registered under an id in `apiSchemas`) and an example. */
export interface JsonAnswer<S extends z.ZodType = z.ZodType> {
  status: number;
  description: string;
  schema: S;
  example: z.output<S>;
  /** A JSON media type other than `application/json`, e.g. `application/feed+json`. */
  contentType?: string;
  also?: AlsoAnswer[];
}
/** Any other answer: feeds, CSV, calendars, redirects, or nothing (204). */
export interface OtherAnswer {
  status: number;
  description: string;
  contentType?: string;
  example?: string;
  /** For redirects: an example `Location`. */
  location?: string;
  also?: AlsoAnswer[];
}
export type AnswerSpec = JsonAnswer | OtherAnswer;

export interface RateLimitSpec {
  limiter: RateLimiter;
  /** Per client address, or per logged-in user (after the access guard). */
  per: 'ip' | 'user';
  /** "Too many {what}" in the 429 message. */
  what?: string;
}

type UserFor<A extends Access, Own extends boolean> = Own extends true
  ? null
  : A extends 'public'
    ? null
    : A extends 'optional-session'
      ? SessionUser | null
      : SessionUser;

type Shape<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;
type ParamsOut<P> = { [K in keyof P]: P[K] extends PathParam<infer S> ? z.output<S> : never };
type AnswerOut<A> = A extends { schema: infer S extends z.ZodType } ? z.output<S> : Response | void;

/** A JSON answer with a status or headers other than the declared ones. */
export class Reply<T> {
  constructor(
    readonly body: T,
    readonly init: { status?: number; headers?: Record<string, string> } = {},
  ) {}
}
export const reply = <T>(body: T, init?: { status?: number; headers?: Record<string, string> }) => new Reply(body, init);

export interface HandlerInput<U, P, Q, B, E = undefined> {
  ctx: APIContext;
  user: U;
  params: P;
  query: Q;
  body: B;
  /** What `early` started (undefined without it); awaiting it gives its answer or throws its refusal. */
  early: E;
}

export interface EndpointSpec<
  M extends HttpMethod = HttpMethod,
  A extends Access = Access,
  Own extends boolean = boolean,
  P extends Record<string, PathParam> = Record<string, PathParam>,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends AnswerSpec = AnswerSpec,
  E = unknown,
> {
  method: M;
  tag: TagName;
  summary: string;
  description?: string;
  access: A;
  /**
   * The rule of `can` (src/server/auth/permissions.ts) the service checks, when it is narrower than
   * `access` says: the document's "Who may call" is that rule's line of `WHO_MAY`, so it cannot
   * drift from the check.
   */
  permission?: Action;
  /** Who may call, for a check that is no rule of `can` (the moderation queue's scope). */
  accessNote?: string;
  /**
   * The handler checks the session itself (logging out works for banned users; /api/auth/me says
   * why it refuses). `access` still documents who may call.
   */
  ownSessionCheck?: Own;
  /** An endpoint that exists only in some configurations: a 404 before anything else when false. */
  available?: () => boolean;
  rateLimit?: RateLimitSpec;
  params?: P;
  query?: QuerySpec<Q & z.ZodObject>;
  body?: BodySpec<B & z.ZodType>;
  /**
   * A read that does not depend on who calls, typically the jam the address names
   * (`early: ({ slug }) => requireJam(slug)`): started before the access guard, so it travels to the
   * database with the session's read in one round trip (ADR 034). The handler awaits `early` after the
   * guard, the rate limit and the input checks, so the order of refusals stays 401/403 → 429 → 400 → 404.
   * Not started when a path parameter is invalid.
   */
  early?: (params: ParamsOut<P>) => E;
  answer: R;
  /** `cache-control` of a successful JSON answer. */
  cache?: string;
  /** Statuses of the `{error:{…}}` answers the handler can give (checked by tests/security/error-statuses). */
  errors?: readonly ErrorStatus[];
  handler: (
    input: HandlerInput<UserFor<A, Own>, ParamsOut<P>, Shape<Q>, Shape<B>, E>,
  ) => Promise<AnswerOut<R> | Reply<AnswerOut<R>>> | AnswerOut<R> | Reply<AnswerOut<R>>;
}

/** The facts of one endpoint, as the OpenAPI document and the security tests read them. */
export type EndpointDeclaration = Omit<EndpointSpec, 'handler' | 'early'>;

/**
 * Whether the endpoint takes an `Idempotency-Key` (ADR 047): every POST a logged-in person sends as
 * JSON, the ones that create above all. The login flow's form posts are the browser's, not a script's.
 */
export const takesIdempotencyKey = (declaration: EndpointDeclaration): boolean =>
  declaration.method === 'POST' &&
  !declaration.body?.form &&
  !declaration.ownSessionCheck &&
  (declaration.access === 'user' || declaration.access === 'manager' || declaration.access === 'admin');
