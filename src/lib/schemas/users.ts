import { z } from 'zod';
import { isoDateTime, jamStatusSchema, named, pageFields, usernameSchema } from './common';
import { JAM_PHASES } from '#lib/jam-timing';

/** Spec §9: page sizes of the users table; `-1` (or `all`) is "All". */
export const USER_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const ALL_USERS = -1;
export const DEFAULT_USERS_PER_PAGE = 10;

export const USER_SORT_FIELDS = ['name', 'id', 'isAdmin', 'isBanned', 'createdAt', 'updatedAt', 'updatedBy'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export interface UserSortRule {
  field: UserSortField;
  direction: 'asc' | 'desc';
}

const SORT_RULE = /^([A-Za-z]+)(?::(asc|desc))?$/;

/** `name:asc,updatedAt:desc` — the first rule wins, later ones break ties (shift-click multi-sort). */
const sortSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const rules: UserSortRule[] = [];
    for (const part of text.split(',').filter(Boolean)) {
      const match = SORT_RULE.exec(part.trim());
      const field = match?.[1] as UserSortField | undefined;
      if (!match || !field || !USER_SORT_FIELDS.includes(field)) {
        ctx.addIssue({ code: 'custom', message: `Sort by one of ${USER_SORT_FIELDS.join(', ')}, as field:asc or field:desc.` });
        return z.NEVER;
      }
      if (rules.some((rule) => rule.field === field)) continue;
      rules.push({ field, direction: (match[2] as 'asc' | 'desc' | undefined) ?? 'asc' });
    }
    return rules;
  });

const flagFilter = z.enum(['true', 'false'], { error: 'Use true or false.' }).transform((value) => value === 'true');

const textFilter = z
  .string()
  .trim()
  .max(100, 'At most 100 characters.')
  .transform((text) => text || undefined);

/** The admin users list: paging, sorting and filtering happen in the database. */
export const userListQuerySchema = z.object({
  page: z.coerce.number({ error: 'The page must be a number.' }).int().min(1, 'Pages start at 1.').default(1),
  perPage: z
    .enum(['10', '20', '30', '40', '50', '-1', 'all'], { error: 'Show 10, 20, 30, 40 or 50 users per page, or all.' })
    .transform((value) => (value === 'all' ? ALL_USERS : Number(value)))
    .default(DEFAULT_USERS_PER_PAGE),
  sort: sortSchema.default([]),
  /** Matches the name, who made the last change, or the exact internal ID. */
  q: textFilter.optional(),
  name: textFilter.optional(),
  /** Part of the internal ID, as the ID column's filter matches it. */
  id: textFilter.optional(),
  updatedBy: textFilter.optional(),
  isAdmin: flagFilter.optional(),
  isBanned: flagFilter.optional(),
});
export type UserListQueryInput = z.input<typeof userListQuerySchema>;
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const createUserSchema = z.object({ name: usernameSchema });
export type CreateUserInput = z.input<typeof createUserSchema>;

export const updateUserFlagsSchema = z
  .object({
    isAdmin: z.boolean({ error: 'isAdmin must be true or false.' }).optional(),
    isBanned: z.boolean({ error: 'isBanned must be true or false.' }).optional(),
  })
  .strict()
  .refine(
    (flags) => flags.isAdmin !== undefined || flags.isBanned !== undefined,
    'Say which flags to change: isAdmin, isBanned or both.',
  );
export type UpdateUserFlags = z.output<typeof updateUserFlagsSchema>;

export const userIdSchema = z.coerce.number().int().positive();

export const CONFIRM_NAME_MESSAGE = 'Type your username to confirm that you want to delete your account.';
/** Deleting one's own account is confirmed by typing one's username (checked on the server too). */
export const deleteAccountSchema = z.object({
  name: z.string({ error: CONFIRM_NAME_MESSAGE }).trim().min(1, CONFIRM_NAME_MESSAGE).max(100),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** A user as the admin tools see them. */
export const adminUserSchema = named(
  'AdminUser',
  z.object({
    id: z.int(),
    name: z.string(),
    isAdmin: z.boolean(),
    isBanned: z.boolean(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    updatedBy: z.object({ id: z.int(), name: z.string() }).nullable().meta({ description: 'Who made the last change.' }),
  }),
);
export type AdminUserDto = z.infer<typeof adminUserSchema>;

export const userListSchema = named(
  'UserList',
  z.object({
    users: z.array(adminUserSchema),
    ...pageFields,
    perPage: z.int().meta({ description: '-1 when every user is on one page.' }),
  }),
);
export type UserListDto = z.infer<typeof userListSchema>;

export const createUserResultSchema = named(
  'CreateUserResult',
  z.object({
    user: adminUserSchema,
    created: z.boolean().meta({ description: 'False when the Scratcher already had an account; nothing changed then.' }),
  }),
);
export type CreateUserResultDto = z.infer<typeof createUserResultSchema>;

const dashboardJamFields = {
  slug: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  status: jamStatusSchema,
  phase: z
    .enum(JAM_PHASES)
    .meta({ description: '`status` with the voting period (`voting` between the submission end and the voting end).' }),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  votingEndsAt: isoDateTime.nullable(),
};
const dashboardJamSchema = z.object(dashboardJamFields);
export type DashboardJamDto = z.infer<typeof dashboardJamSchema>;

/** What is left in a joined jam: submit (upcoming or running), vote (submitted, running), read the results. */
export const JOINED_TODOS = ['not-submitted', 'voting-open', 'vote', 'results'] as const;

/** `entered`: jams the user has a project in, with its title; `managing`: jams they manage; newest start first. */
export const dashboardSchema = named(
  'Dashboard',
  z.object({
    user: z.object({ id: z.int(), name: z.string(), isAdmin: z.boolean(), avatarUrl: z.string() }),
    entered: z.array(z.object({ ...dashboardJamFields, entryTitle: z.string() })),
    managing: z.array(dashboardJamSchema),
    /** Jams the user joined, newest join first (at most 50), with what is left to do in each. */
    joined: z.array(z.object({ ...dashboardJamFields, todo: z.enum(JOINED_TODOS) })),
  }),
);
export type DashboardDto = z.infer<typeof dashboardSchema>;

/** The session's own user (GET /api/auth/me). */
export const meSchema = named(
  'Me',
  z.object({
    id: z.int(),
    name: z.string(),
    isAdmin: z.boolean(),
    isBanned: z.boolean(),
    updatedAt: isoDateTime,
    updatedBy: z.int().nullable(),
  }),
);
export type MeDto = z.infer<typeof meSchema>;
