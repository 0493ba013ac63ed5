import { z } from 'zod';
import { JAM_ACTIONS } from '#lib/jam-actions';
import { isoDateTime, named } from './common';
import { teamSchema } from './teams';
import { entryIdSchema, myVotesSchema } from './entries';
import { kudosSchema } from './kudos';
import { noteListSchema } from './notes';
import { meSchema } from './users';
import { judgeFeedbackListSchema } from './judges';
import { myThemeSchema } from './themes';

export type JamRoleName = 'admin' | 'manager' | 'none';

/**
 * What the reader of one entry's page sees and may do there that is theirs alone (`?entry=` of the
 * viewer document): the same answers as `GET …/kudos`, `GET …/notes` (the first page) and
 * `GET …/credits` give them.
 */
export const entryViewerSchema = named(
  'EntryViewer',
  z.object({
    id: z.int(),
    kudos: kudosSchema.nullable().meta({ description: 'Null while the jam’s feedback is off (the page shows no kudos).' }),
    notes: noteListSchema
      .nullable()
      .meta({ description: 'The first page of notes; null unless the jam takes notes (the page shows none).' }),
    credits: teamSchema,
    judgeFeedback: judgeFeedbackListSchema.nullable().meta({
      description:
        "The judges' private feedback, as `GET …/judge-feedback` answers it: for the entry's team, the jam's managers and its judges; null for everyone else.",
    }),
  }),
);
export type EntryViewerDto = z.infer<typeof entryViewerSchema>;

/**
 * What the caller may do in a jam: one document for everything personal on a jam page or an entry
 * page (ADR 034), so the page's islands share one request. `allowed` holds permission names
 * (`jam:edit`, `jam:delete`, …); `hiddenBody(Html)` is a mystery jam's body, rendered by the server's
 * safe markdown renderer, for its managers and admins.
 */
export const jamViewerSchema = named(
  'JamViewer',
  z.object({
    user: meSchema.nullable().meta({ description: 'Who is logged in, as `GET /api/auth/me` says it (null: nobody).' }),
    role: z.enum(['admin', 'manager', 'none']),
    isManager: z.boolean(),
    allowed: z.array(z.enum(JAM_ACTIONS)),
    joined: z.boolean().meta({ description: 'Whether the caller joined the jam (submitting joins too).' }),
    entry: z.object({ id: z.int(), scratchId: z.int(), title: z.string() }).nullable().meta({
      description:
        'Your entry in this jam: the one you submitted or are an accepted co-creator of (one per person per jam); null: none. The islands show an entry as yours by this.',
    }),
    hiddenBody: z.string().nullable(),
    hiddenBodyHtml: z.string().nullable(),
    votes: myVotesSchema
      .nullable()
      .meta({ description: 'Your votes in this jam, as `GET …/my-votes` says them; null for visitors and banned users.' }),
    unread: z.int().nullable().meta({ description: 'Your unread inbox items (the bell); null for visitors and banned users.' }),
    lateUntil: isoDateTime.nullable().meta({
      description: 'While a manager’s late-submission window for you is open (ADR 042): when it closes; null otherwise.',
    }),
    viewedEntry: entryViewerSchema
      .nullable()
      .meta({ description: 'With `?entry=`: what is yours on that entry’s page; null without it.' }),
    theme: myThemeSchema.nullable().meta({
      description:
        'Your part in the theme rounds (ADR 043), as `GET …/theme/mine` answers it, while the jam has theme rounds and has not started; null otherwise, and for visitors and banned users.',
    }),
  }),
);
export type JamViewerDto = z.infer<typeof jamViewerSchema>;

export const jamViewerQuerySchema = z.object({ entry: entryIdSchema.optional() });
