/**
 * Zod descriptions of what the API answers, for the OpenAPI document. The services type their
 * answers with interfaces (src/lib/schemas); the checks at the bottom make `astro check` fail when
 * an interface and its description drift apart.
 */
import { z } from 'zod';
import { AUDIT_ACTIONS, type ActivityEntryDto, type ActivityListDto } from '../lib/schemas/activity';
import type { EntryDto, EntryListDto, MyVotesDto, WinnersDto } from '../lib/schemas/entries';
import type { JamDto, JamListDto, ManagerDto } from '../lib/schemas/jams';
import type { AdminUserDto, CreateUserResultDto, DashboardDto, UserListDto } from '../lib/schemas/users';
import type { JamViewerDto } from '../lib/schemas/viewer';
import type { Contributor } from './contributors';
import type { ErrorBody } from './errors';

/** The schemas the document names under components.schemas, by id. */
export const apiSchemas = z.registry<{ id: string }>();
const named = <S extends z.ZodType>(id: string, schema: S): S => {
  apiSchemas.add(schema, { id });
  return schema;
};

const isoDate = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 date and time (UTC)' });
const jamStatusSchema = z.enum(['upcoming', 'ongoing', 'over']);

export const jamSchema = named(
  'Jam',
  z.object({
    id: z.int(),
    slug: z.string(),
    name: z.string(),
    description: z.string().meta({ description: 'Public even before the start.' }),
    body: z
      .string()
      .nullable()
      .meta({ description: 'Markdown: theme, rules, prize. null while mystery mode hides it from you.' }),
    bodyHidden: z.boolean(),
    imageUrl: z.string().nullable(),
    startsAt: isoDate,
    endsAt: isoDate,
    status: jamStatusSchema,
    featured: z.boolean(),
    mystery: z.boolean(),
    entryCount: z.int(),
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
);

export const jamCardSchema = named('JamCard', jamSchema.omit({ body: true, bodyHidden: true }));

const pageFields = { page: z.int(), perPage: z.int(), total: z.int(), totalPages: z.int() };

export const jamListSchema = named('JamList', z.object({ jams: z.array(jamCardSchema), ...pageFields }));

export const managerSchema = named('Manager', z.object({ id: z.int(), name: z.string(), addedAt: isoDate }));
export const managerListSchema = named('ManagerList', z.object({ managers: z.array(managerSchema) }));

export const entrySchema = named(
  'Entry',
  z.object({
    id: z.int(),
    scratchId: z.int(),
    title: z.string(),
    thumbnailUrl: z.string().nullable(),
    authorName: z.string(),
    submittedAt: isoDate,
    isWinner: z.boolean(),
    votes: z.int().nullable().meta({ description: 'Public once the jam is over; null before.' }),
    rank: z.int().nullable().meta({ description: 'Public once the jam is over; null before.' }),
  }),
);

export const entryListSchema = named(
  'EntryList',
  z.object({ entries: z.array(entrySchema), ...pageFields, resultsPublic: z.boolean() }),
);

export const myVotesSchema = named(
  'MyVotes',
  z.object({ limit: z.int(), used: z.int(), remaining: z.int(), entryIds: z.array(z.int()) }),
);

export const winnersSchema = named(
  'Winners',
  z.object({
    winner: entrySchema.nullable().meta({ description: "The managers' choice." }),
    communityChoice: entrySchema.nullable().meta({ description: 'The most upvoted entry once the jam is over.' }),
  }),
);

export const jamViewerSchema = named(
  'JamViewer',
  z.object({
    user: z.object({ id: z.int(), name: z.string(), isAdmin: z.boolean(), isBanned: z.boolean() }).nullable(),
    role: z.enum(['admin', 'manager', 'none']),
    isManager: z.boolean(),
    allowed: z.array(z.string()),
    entry: z.object({ id: z.int(), scratchId: z.int(), title: z.string() }).nullable(),
    hiddenBody: z.string().nullable(),
    hiddenBodyHtml: z.string().nullable(),
  }),
);

export const removedCountSchema = named('RemovedCount', z.object({ removed: z.int() }));

export const healthSchema = named('Health', z.object({ ok: z.literal(true), database: z.literal('reachable') }));

export const meSchema = named(
  'Me',
  z.object({
    id: z.int(),
    name: z.string(),
    isAdmin: z.boolean(),
    isBanned: z.boolean(),
    updatedAt: isoDate,
    updatedBy: z.int().nullable(),
  }),
);

export const adminUserSchema = named(
  'AdminUser',
  z.object({
    id: z.int(),
    name: z.string(),
    isAdmin: z.boolean(),
    isBanned: z.boolean(),
    createdAt: isoDate,
    updatedAt: isoDate,
    updatedBy: z.object({ id: z.int(), name: z.string() }).nullable().meta({ description: 'Who made the last change.' }),
  }),
);

export const userListSchema = named(
  'UserList',
  z.object({
    users: z.array(adminUserSchema),
    ...pageFields,
    perPage: z.int().meta({ description: '-1 when every user is on one page.' }),
  }),
);

export const createUserResultSchema = named(
  'CreateUserResult',
  z.object({
    user: adminUserSchema,
    created: z.boolean().meta({ description: 'False when the Scratcher already had an account; nothing changed then.' }),
  }),
);

const dashboardJamFields = { slug: z.string(), name: z.string(), status: jamStatusSchema, startsAt: isoDate, endsAt: isoDate };

export const dashboardSchema = named(
  'Dashboard',
  z.object({
    user: z.object({ id: z.int(), name: z.string(), isAdmin: z.boolean(), avatarUrl: z.string() }),
    entered: z.array(z.object({ ...dashboardJamFields, entryTitle: z.string() })),
    managing: z.array(z.object(dashboardJamFields)),
  }),
);

export const contributorListSchema = named(
  'ContributorList',
  z.object({
    contributors: z.array(
      z.object({ name: z.string(), avatarUrl: z.string(), profileUrl: z.string(), contributions: z.int() }),
    ),
  }),
);

const someone = z.object({ id: z.int().nullable().meta({ description: 'null once the account is deleted.' }), name: z.string() });

export const activityEntrySchema = named(
  'ActivityEntry',
  z.object({
    id: z.int(),
    at: isoDate,
    action: z.enum(AUDIT_ACTIONS),
    actor: someone.nullable().meta({ description: 'Who did it, by the name they had then.' }),
    jam: z
      .object({ id: z.int().nullable(), slug: z.string().nullable(), name: z.string() })
      .nullable()
      .meta({ description: 'The jam it was about. A deleted jam keeps its name (id and slug null) on the entry of its deletion only.' }),
    targetUser: someone.nullable().meta({ description: 'The user it was done to.' }),
    details: z.record(z.string(), z.unknown()).meta({ description: 'What changed, by kind of action (e.g. `fields` of an edit, `before`/`after` of flags).' }),
  }),
);
export const activityListSchema = named('ActivityList', z.object({ entries: z.array(activityEntrySchema), ...pageFields }));

export const markdownPreviewSchema = named('MarkdownPreview', z.object({ html: z.string() }));

export const loggedOutSchema = named('LoggedOut', z.object({ message: z.literal('logged out') }));

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
        'upstream_unavailable',
        'internal',
      ]),
      message: z.string(),
    }),
  }),
);

// Compile-time: each description says exactly what its interface says.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Out<S extends z.ZodType> = z.output<S>;
const describes = <_ extends true>() => undefined;
describes<Same<Out<typeof jamSchema>, JamDto>>();
describes<Same<Out<typeof jamListSchema>, JamListDto>>();
describes<Same<Out<typeof managerSchema>, ManagerDto>>();
describes<Same<Out<typeof entrySchema>, EntryDto>>();
describes<Same<Out<typeof entryListSchema>, EntryListDto>>();
describes<Same<Out<typeof myVotesSchema>, MyVotesDto>>();
describes<Same<Out<typeof winnersSchema>, WinnersDto>>();
describes<Same<Out<typeof jamViewerSchema>, JamViewerDto>>();
describes<Same<Out<typeof adminUserSchema>, AdminUserDto>>();
describes<Same<Out<typeof userListSchema>, UserListDto>>();
describes<Same<Out<typeof createUserResultSchema>, CreateUserResultDto>>();
describes<Same<Out<typeof dashboardSchema>, DashboardDto>>();
describes<Same<Out<typeof activityEntrySchema>, ActivityEntryDto>>();
describes<Same<Out<typeof activityListSchema>, ActivityListDto>>();
describes<Same<Out<typeof contributorListSchema>['contributors'][number], Contributor>>();
describes<Same<Out<typeof errorSchema>['error']['code'], ErrorBody['error']['code']>>();
