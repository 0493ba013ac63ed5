import { z } from 'zod';
import { isoDateTime, named, pageFields } from './common';

/**
 * Every kind of change the audit log records (src/server/activity/audit.ts takes only these), in the order
 * the activity filter lists them.
 */
export const AUDIT_ACTIONS = [
  'jam.create',
  'jam.update',
  'jam.feature',
  'jam.advanced',
  'jam.clear-votes',
  'jam.clear-submissions',
  'jam.delete',
  'jam.publish-results',
  'jam.manager.add',
  'jam.manager.remove',
  'jam.manager.leave',
  'jam.judge.invite',
  'jam.judge.accept',
  'jam.judge.remove',
  'entry.judge-feedback',
  'entry.remove',
  'entry.refresh',
  'entry.check',
  'entry.disqualify',
  'entry.reopen',
  'entry.credit.invite',
  'entry.credit.accept',
  'entry.credit.remove',
  'entry.late.grant',
  'entry.late.revoke',
  'entry.late.submit',
  'report.dismiss',
  'report.resolve',
  'note.hide',
  'note.unhide',
  'note.approve',
  'note.refuse',
  'text.approve',
  'text.refuse',
  'filter.add-word',
  'filter.remove-word',
  'winner.select',
  'winner.revoke',
  'jam-request.create',
  'jam-request.update',
  'jam-request.approve',
  'jam-request.decline',
  'jam-request.withdraw',
  'user.create',
  'user.update',
  'user.delete',
  'user.delete-self',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const isAuditAction = (value: unknown): value is AuditAction => (AUDIT_ACTIONS as readonly unknown[]).includes(value);

/** Spec §9's table page sizes. */
export const ACTIVITY_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_ACTIVITY_PER_PAGE = 20;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((text) => text || undefined);

/** The activity list's query (API and pages). Like the jam list, a bad value falls back to its default. */
export const activityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  perPage: z.coerce
    .number()
    .refine((n) => (ACTIVITY_PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_ACTIVITY_PER_PAGE)
    .default(DEFAULT_ACTIVITY_PER_PAGE),
  /** A jam's slug (or an old slug of it). */
  jam: optionalText(200),
  /** A username: what they did, and what was done to them. */
  user: optionalText(100),
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** One jam's activity: the jam comes from the address, so there is no jam filter. */
export const jamActivityQuerySchema = activityQuerySchema.omit({ jam: true });
export type JamActivityQuery = z.output<typeof jamActivityQuerySchema>;

const someone = z.object({ id: z.int().nullable().meta({ description: 'null once the account is deleted.' }), name: z.string() });

export const activityEntrySchema = named(
  'ActivityEntry',
  z.object({
    id: z.int(),
    at: isoDateTime,
    action: z.enum(AUDIT_ACTIONS),
    actor: someone.nullable().meta({ description: 'Who did it, by the name they had then.' }),
    jam: z.object({ id: z.int().nullable(), slug: z.string().nullable(), name: z.string() }).nullable().meta({
      description: 'The jam it was about. A deleted jam keeps its name (id and slug null) on the entry of its deletion only.',
    }),
    targetUser: someone.nullable().meta({ description: 'The user it was done to.' }),
    details: z
      .record(z.string(), z.unknown())
      .meta({ description: 'What changed, by kind of action (e.g. `fields` of an edit, `before`/`after` of flags).' }),
  }),
);
export type ActivityEntryDto = z.infer<typeof activityEntrySchema>;
export const activityListSchema = named('ActivityList', z.object({ entries: z.array(activityEntrySchema), ...pageFields }));
export type ActivityListDto = z.infer<typeof activityListSchema>;

/** `before: isAdmin=false, isBanned=false` — the details of an entry as one short, plain line. */
export function describeDetails(details: Record<string, unknown>): string {
  const value = (item: unknown): string => {
    if (Array.isArray(item)) return item.map(value).join(', ');
    if (item && typeof item === 'object')
      return Object.entries(item)
        .map(([key, inner]) => `${key}=${value(inner)}`)
        .join(', ');
    return String(item);
  };
  return Object.entries(details)
    .map(([key, item]) => `${key}: ${value(item)}`)
    .join('; ');
}
