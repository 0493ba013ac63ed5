import { z } from 'zod';
import { named } from './common';

export type JamRoleName = 'admin' | 'manager' | 'none';

/**
 * What the caller may do in a jam. `allowed` holds permission names (`jam:edit`, `jam:delete`, …);
 * `hiddenBody(Html)` is a mystery jam's body, rendered by the server's safe markdown renderer, for
 * its managers and admins.
 */
export const jamViewerSchema = named(
  'JamViewer',
  z.object({
    user: z.object({ id: z.int(), name: z.string(), isAdmin: z.boolean(), isBanned: z.boolean() }).nullable(),
    role: z.enum(['admin', 'manager', 'none']),
    isManager: z.boolean(),
    allowed: z.array(z.string()),
    joined: z.boolean().meta({ description: 'Whether the caller joined the jam (submitting joins too).' }),
    entry: z.object({ id: z.int(), scratchId: z.int(), title: z.string() }).nullable(),
    hiddenBody: z.string().nullable(),
    hiddenBodyHtml: z.string().nullable(),
  }),
);
export type JamViewerDto = z.infer<typeof jamViewerSchema>;
