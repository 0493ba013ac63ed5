/**
 * Answer schemas of the server's own small answers (health, logout), of the documents it serves
 * (the JSON Feed, this API's OpenAPI document) and of the error shape. The answers of the jam, entry, user, activity and credits endpoints live with their input
 * schemas in src/lib/schemas, where the islands get their DTO types from (`z.infer`).
 */
import { z } from 'zod';
import { jamStatusSchema, named } from '#lib/schemas/common';
import { JAM_PHASES } from '#lib/jam-timing';
import type { ErrorBody } from '#server/platform/errors';

export { apiSchemas } from '#lib/schemas/common';

export const healthSchema = named('Health', z.object({ ok: z.literal(true), database: z.literal('reachable') }));

export const loggedOutSchema = named('LoggedOut', z.object({ message: z.literal('logged out') }));

const jsonFeedItemSchema = z.object({
  id: z.string(),
  url: z.url(),
  title: z.string(),
  content_text: z.string(),
  summary: z.string(),
  image: z.url().optional(),
  date_published: z.iso.datetime(),
  date_modified: z.iso.datetime(),
  tags: z.array(z.string()),
  _itinerary: z
    .object({
      starts_at: z.iso.datetime(),
      ends_at: z.iso.datetime(),
      voting_ends_at: z.iso.datetime().nullable(),
      status: jamStatusSchema,
      phase: z.enum(JAM_PHASES),
      calendar_url: z.url(),
    })
    .meta({ description: 'Itinerary’s extension: when the jam runs, where it stands, its calendar.' }),
});

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/), as src/server/publish/feeds.ts writes it. */
export const jsonFeedSchema = named(
  'JsonFeed',
  z.object({
    version: z.literal('https://jsonfeed.org/version/1.1'),
    title: z.string(),
    description: z.string(),
    home_page_url: z.url(),
    feed_url: z.url(),
    language: z.string(),
    icon: z.url(),
    favicon: z.url(),
    items: z.array(jsonFeedItemSchema),
  }),
);

/** The outline of an OpenAPI 3.1 document; its full schema is https://spec.openapis.org/oas/3.1/schema. */
export const openApiDocumentSchema = named(
  'OpenApiDocument',
  z.looseObject({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.looseObject({})),
  }),
);

export const errorSchema = named(
  'Error',
  z.object({
    error: z.looseObject({
      status: z.int(),
      code: z.enum([
        'bad_request',
        'invalid_input',
        'unauthenticated',
        'banned',
        'forbidden',
        'not_found',
        'conflict',
        'payload_too_large',
        'rate_limited',
        'note_refused',
        'text_refused',
        'muted',
        'upstream_unavailable',
        'schema_behind',
        'idempotency_key_reused',
        'internal',
      ]),
      message: z.string(),
    }),
  }),
);

// Compile-time: the error schema names exactly the codes AppError may carry.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const describes = <_ extends true>() => undefined;
describes<Same<z.output<typeof errorSchema>['error']['code'], ErrorBody['error']['code']>>();
