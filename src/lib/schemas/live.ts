/**
 * A jam's live stream (ADR 044): what each server-sent event carries, shared by the endpoint, its
 * OpenAPI document and the jam page's island.
 */
import { z } from 'zod';
import { named } from './common';
import { entrySchema } from './entries';

/** The moments a jam passes: the clock's three, and the manager's publish in a jam with manual results. */
export const LIVE_PHASES = ['started', 'submissions-closed', 'voting-closed'] as const;
export type LivePhase = (typeof LIVE_PHASES)[number];

export const liveCountsSchema = named(
  'LiveCounts',
  z.object({
    entries: z.int().meta({ description: 'Entries the public can see.' }),
    participants: z.int(),
  }),
);

/** A new entry as its card shows it. */
export const liveEntrySchema = named(
  'LiveEntry',
  entrySchema.pick({ id: true, scratchId: true, title: true, thumbnailUrl: true, authorName: true, submittedAt: true }),
);

export const liveEntryAddedSchema = named(
  'LiveEntryAdded',
  z.object({
    entry: liveEntrySchema.nullable().meta({ description: 'The new entry; null while the jam hides its entries (ADR 041).' }),
    counts: liveCountsSchema,
  }),
);

export const liveEntryWithdrawnSchema = named('LiveEntryWithdrawn', z.object({ entryId: z.int(), counts: liveCountsSchema }));

export const livePhaseSchema = named('LivePhase', z.object({ phase: z.enum(LIVE_PHASES) }));

export const liveResultsSchema = named(
  'LiveResults',
  z.object({ slug: z.string().meta({ description: 'Read the winners and the ranked entries now.' }) }),
);

export type LiveEntry = z.infer<typeof liveEntrySchema>;
export type LiveCounts = z.infer<typeof liveCountsSchema>;
export type LiveEntryAdded = z.infer<typeof liveEntryAddedSchema>;
export type LiveEntryWithdrawn = z.infer<typeof liveEntryWithdrawnSchema>;
export type LivePhaseEvent = z.infer<typeof livePhaseSchema>;
export type LiveResults = z.infer<typeof liveResultsSchema>;

/** The `event:` names of the stream; `ready` opens it with the id to resume from. */
export const LIVE_EVENT_NAMES = ['ready', 'entry-added', 'entry-withdrawn', 'counts', 'phase', 'results'] as const;
